/** Small statistics and formatting helpers shared by the benchmark scripts. */

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
  samples: number[];
}

export function summarize(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    median: median(samples),
    min: Math.min(...samples),
    max: Math.max(...samples),
    samples: [...samples],
  };
}

/** Fixed decimals, chosen by magnitude, so tables stay readable. */
export function fmt(value: number, digits?: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  const d = digits ?? (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
  return value.toFixed(d);
}

export function ratio(value: number, baseline: number): string {
  return `${fmt(value / baseline, 1)}×`;
}

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `--name value` from argv, else the fallback. */
export function argValue(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] !== undefined ? (process.argv[index + 1] as string) : fallback;
}

export function argNumber(name: string, fallback: number): number {
  const value = Number(argValue(name, String(fallback)));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** Progress goes to stderr; stdout carries the Markdown result. */
export function progress(line: string): void {
  process.stderr.write(`${line}\n`);
}
