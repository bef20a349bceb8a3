/** One sample of Prometheus' text exposition format: `name{label="value",…} 1.5`. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/y;
const COMMENT = new RegExp(`^# (?:HELP ${NAME} .*|TYPE ${NAME} (?:counter|gauge|histogram|summary|untyped))$`);

/**
 * Parses a /metrics answer strictly: every line is a HELP or TYPE comment or a sample with a
 * numeric value, else it throws naming the line (a scraper would refuse the whole answer).
 */
export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      if (!COMMENT.test(line)) throw new Error(`not a metrics comment: ${line}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    const value = match ? Number(match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : match[3]) : NaN;
    if (!match || (Number.isNaN(value) && match[3] !== 'NaN')) throw new Error(`not a metrics sample: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const label = LABEL.exec(body);
      if (!label) throw new Error(`bad labels in: ${line}`);
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1]!, labels, value });
  }
  return samples;
}

/** The value of the sample `name` whose labels include `labels` (0 when there is none). */
export function metricValue(samples: MetricSample[], name: string, labels: Record<string, string> = {}): number {
  const sample = samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return sample?.value ?? 0;
}
