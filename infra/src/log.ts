/**
 * Readable output for the processes the runner starts: services log pino JSON lines, the runner
 * prints `[wallet] INFO payment settled paymentId=p1 amount=35` and passes other lines through.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, shown by the prefix and level instead. */
const HIDDEN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'service', 'name', 'v']);
/** Nesting deeper than this is shown as JSON (pino-http's req/res are one level deep). */
const MAX_DEPTH = 2;

const COLORS = [36, 35, 34, 32, 33, 96, 95, 94] as const;
const LEVEL_COLORS: Record<string, number> = { WARN: 33, ERROR: 31, FATAL: 31 };

export interface FormatOptions {
  /** Width the `[name]` prefix is padded to, so columns line up. */
  width?: number;
  color?: boolean;
}

/** The printed lines for one line a process wrote (a pino error with a stack gives several). */
export function formatLogLine(name: string, line: string, options: FormatOptions = {}): string[] {
  const prefix = formatPrefix(name, options);
  const record = parsePinoRecord(line);
  if (!record) return [`${prefix} ${line}`];

  const level = levelLabel(record.level);
  const fields: string[] = [];
  const stacks: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (HIDDEN_FIELDS.has(key)) continue;
    if (isErrorLike(value)) {
      const { stack, ...rest } = value;
      flatten(key, rest, 1, fields);
      stacks.push(...stack.split('\n').slice(1).map((frame) => `  ${frame.trim()}`));
    } else {
      flatten(key, value, 1, fields);
    }
  }
  const shownLevel = options.color && LEVEL_COLORS[level] ? paint(level, LEVEL_COLORS[level]) : level;
  const message = typeof record.msg === 'string' ? record.msg : '';
  const head = [prefix, shownLevel, message, ...fields].filter((part) => part !== '').join(' ');
  return [head, ...stacks.map((frame) => `${prefix} ${frame}`)];
}

export function formatPrefix(name: string, options: FormatOptions = {}): string {
  const label = `[${name}]`.padEnd(options.width ?? 0);
  return options.color ? paint(label, colorFor(name)) : label;
}

type PinoRecord = Record<string, unknown> & { level: number | string };

function parsePinoRecord(line: string): PinoRecord | undefined {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
  try {
    const value: unknown = JSON.parse(trimmed);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const level = (value as { level?: unknown }).level;
    return typeof level === 'number' || typeof level === 'string' ? (value as PinoRecord) : undefined;
  } catch {
    return undefined;
  }
}

function levelLabel(level: number | string): string {
  if (typeof level === 'string') return level.toUpperCase();
  return LEVELS[level] ?? `L${level}`;
}

function isErrorLike(value: unknown): value is Record<string, unknown> & { stack: string } {
  return typeof value === 'object' && value !== null && typeof (value as { stack?: unknown }).stack === 'string';
}

function flatten(key: string, value: unknown, depth: number, out: string[]): void {
  if (value === undefined) return;
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && depth < MAX_DEPTH) {
    for (const [child, childValue] of Object.entries(value)) flatten(`${key}.${child}`, childValue, depth + 1, out);
    return;
  }
  out.push(`${key}=${formatValue(value)}`);
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return value === '' || /[\s="]/.test(value) ? JSON.stringify(value) : value;
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

function colorFor(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? 36;
}

function paint(text: string, code: number): string {
  return `\u001b[${code}m${text}\u001b[0m`;
}

/** Whether runner output may use colours (a terminal, and NO_COLOR unset). */
export function useColor(stream: NodeJS.WriteStream = process.stdout): boolean {
  return Boolean(stream.isTTY) && !process.env.NO_COLOR;
}

/** The runner's own messages. */
export function say(message: string): void {
  for (const line of message.split('\n')) process.stdout.write(`${formatPrefix('lakorn', { color: useColor() })} ${line}\n`);
}
