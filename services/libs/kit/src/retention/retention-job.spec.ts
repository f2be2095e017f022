import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { Clock, DAY_MS } from './clock';
import { RetentionJob } from './retention-job';
import type { RetentionPlan, RetentionStep } from './retention-plan';

/** A data source whose schema has neither account erasures nor a durable queue (identity's case). */
const noQueue = { hasMetadata: () => false } as unknown as DataSource;

const jobOf = (plan: RetentionPlan, clock = new Clock()) => new RetentionJob(plan, null, clock, noQueue);

describe('RetentionJob', () => {
  let lines: string[];
  beforeEach(() => {
    lines = [];
    jest.spyOn(Logger.prototype, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("runs every step at the Clock's time and logs one line with each step's count", async () => {
    const seen: Date[] = [];
    const step = (name: string, records: number): RetentionStep => ({
      name,
      run: (now) => {
        seen.push(now);
        return Promise.resolve(records);
      },
    });
    const clock = new Clock();
    clock.advance(30 * DAY_MS);
    const before = Date.now() + 30 * DAY_MS;

    await expect(jobOf({ steps: [step('tombstones', 2), step('codes', 0)] }, clock).run()).resolves.toEqual({
      tombstones: 2,
      codes: 0,
    });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.getTime()).toBeGreaterThanOrEqual(before);
    expect(seen[1]).toBe(seen[0]);
    expect(lines).toEqual([`Retention run at ${seen[0]!.toISOString()}: tombstones 2, codes 0`]);
  });

  it('runs the other steps when one fails, names it in the line and fails the run', async () => {
    const ran: string[] = [];
    const plan: RetentionPlan = {
      steps: [
        { name: 'first', run: () => Promise.reject(new Error('database away')) },
        { name: 'second', run: () => (ran.push('second'), Promise.resolve(1)) },
      ],
    };
    await expect(jobOf(plan).run()).rejects.toThrow('Retention step(s) failed: first');
    expect(ran).toEqual(['second']);
    expect(lines).toEqual([expect.stringMatching(/: second 1; failed: first$/)]);
  });

  it('refuses a plan that cannot be run as configured', () => {
    const step = { name: 'codes', run: () => Promise.resolve(0) };
    expect(() => jobOf({ steps: [step, step] })).toThrow('Retention names used twice: codes');
    // An account-deletion plan without the subject to take deletions from, and the reverse.
    expect(() => jobOf({ steps: [], accountDeletion: { atOnce: () => Promise.resolve() } })).toThrow(
      /needs the accountDeleted subject/,
    );
    expect(() => new RetentionJob({ steps: [] }, 'billing.account.deleted', new Clock(), noQueue)).toThrow(
      /needs the accountDeleted subject/,
    );
    // Erasing after a term needs the account_erasures table in the service's schema.
    const afterTerm = { termMs: DAY_MS, counts: [], erase: () => Promise.resolve('erased' as const) };
    expect(
      () =>
        new RetentionJob(
          { steps: [], accountDeletion: { afterTerm } },
          'billing.account.deleted',
          new Clock(),
          noQueue,
        ),
    ).toThrow(/needs AccountErasureEntity/);
  });
});
