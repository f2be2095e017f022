import { performance } from 'node:perf_hooks';

/**
 * How long answers take, compared so that they cannot tell whether an email has an account
 * (issue 21 item 14): requests for an account and for an unknown email alternate, so load on the
 * machine falls on both alike, and the medians are compared — not any absolute speed.
 */

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timed(request: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await request();
  return performance.now() - started;
}

export interface Comparison {
  /** How far the pairs' median difference may be from 0, as a share of the larger median (0.25). */
  tolerance?: number;
  /** Or at most this many milliseconds apart (0): a floor for answers of a few ms on a busy machine. */
  floorMs?: number;
  /** Awaited, untimed, before each request: work the previous one left (a queued email) is done. */
  between?: () => Promise<void>;
}

/**
 * Runs `pairs` interleaved pairs of requests — `account(index)` and `unknown(index)`, which goes
 * first alternating so neither always follows the other — and answers one line naming both
 * medians and the median of the pairs' differences (each pair ran under the same load, so a busy
 * moment shifts both sides), ending in `within 25 %` (with `floorMs`: `within 25 % or 3 ms`) when
 * that difference is that small against the larger median, `beyond …` otherwise (one string, so a
 * failure shows the figures).
 */
export async function compareMedians(
  pairs: number,
  account: (index: number) => Promise<unknown>,
  unknown: (index: number) => Promise<unknown>,
  { tolerance = 0.25, floorMs = 0, between }: Comparison = {},
): Promise<string> {
  const known: number[] = [];
  const unknowns: number[] = [];
  const differences: number[] = [];
  const time = async (request: () => Promise<unknown>): Promise<number> => {
    await between?.();
    return timed(request);
  };
  for (let index = 0; index < pairs; index++) {
    const accountFirst = index % 2 === 0;
    if (accountFirst) known.push(await time(() => account(index)));
    unknowns.push(await time(() => unknown(index)));
    if (!accountFirst) known.push(await time(() => account(index)));
    differences.push(known[index]! - unknowns[index]!);
  }
  const [a, b, difference] = [median(known), median(unknowns), median(differences)];
  const within = Math.abs(difference) <= Math.max(tolerance * Math.max(a, b), floorMs);
  const bound = `${Math.round(tolerance * 100)} %${floorMs ? ` or ${floorMs} ms` : ''}`;
  return `account ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms, pairs differ by ${difference.toFixed(1)} ms: ${within ? 'within' : 'beyond'} ${bound}`;
}
