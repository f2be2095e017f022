import { HOURLY_MS, HourlyRun } from './hourly-run';

describe('HourlyRun', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at start and every hour, never two runs at once, and goes on after a failure', async () => {
    const failures: unknown[] = [];
    let runs = 0;
    let release: () => void = () => undefined;
    const run = new HourlyRun(
      () => {
        runs += 1;
        if (runs === 2) return Promise.reject(new Error('database away'));
        return new Promise<void>((resolve) => (release = resolve));
      },
      (error) => failures.push(error),
    );
    run.start();
    expect(runs).toBe(1);
    // The first run is still going an hour later: the tick is skipped.
    await jest.advanceTimersByTimeAsync(HOURLY_MS);
    expect(runs).toBe(1);
    release();
    await jest.advanceTimersByTimeAsync(HOURLY_MS);
    expect(runs).toBe(2);
    expect(failures).toEqual([new Error('database away')]);
    await jest.advanceTimersByTimeAsync(HOURLY_MS);
    expect(runs).toBe(3);
    const stopped = run.stop();
    release();
    await stopped;
    await jest.advanceTimersByTimeAsync(3 * HOURLY_MS);
    expect(runs).toBe(3);
  });
});
