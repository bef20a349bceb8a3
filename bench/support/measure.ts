// Timing helpers shared by the benchmarks: percentiles of repeated runs, and the machine's load,
// which goes with every figure (the machine is shared, so only ratios within one run compare).
import os from 'node:os';
import { performance } from 'node:perf_hooks';

export interface Sample {
  label: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Value at quantile q (0..1) of ascending `sorted`. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** The middle value of `values` (the upper one of an even count), in any order. */
export function median(values: number[]): number {
  return quantile([...values].sort((a, b) => a - b), 0.5);
}

/** Runs `fn` `runs` times one after another (after `warmup` unmeasured runs); p50 and p99 in ms. */
export async function timeRuns(label: string, runs: number, fn: (i: number) => Promise<unknown>, warmup = 2): Promise<Sample> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { label, runs, p50: quantile(times, 0.5), p95: quantile(times, 0.95), p99: quantile(times, 0.99), max: times.at(-1) ?? 0 };
}

/** "load 1.23 / 1.10 / 0.98 (2 cores)" */
export function loadAverage(): string {
  return `load ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')} (${os.cpus().length} cores)`;
}
