import { firstValueFrom, interval, NEVER, take, TimeoutError, toArray, concat, timer, map } from 'rxjs';
import { idleTimeout } from './idle-timeout';

describe('idleTimeout, timeout({ first, each }) with one timer per call', () => {
  it('fails with TimeoutError when the first value does not come within firstMs', async () => {
    const started = performance.now();
    await expect(firstValueFrom(NEVER.pipe(idleTimeout(50, 1000)))).rejects.toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(49);
  });

  it('lets a stream run far longer than eachMs while values keep coming closer than it', async () => {
    const values = await firstValueFrom(interval(20).pipe(take(15), idleTimeout(100, 60), toArray()));
    expect(values).toEqual(Array.from({ length: 15 }, (_, i) => i));
  });

  it('fails when the gap after a value exceeds eachMs, having passed on the values before it', async () => {
    const seen: number[] = [];
    const source = concat(
      timer(10).pipe(map(() => 1)),
      timer(10).pipe(map(() => 2)),
      timer(200).pipe(map(() => 3)),
    );
    const failure: unknown = await firstValueFrom(
      source.pipe(
        idleTimeout(100, 60),
        map((value) => seen.push(value)),
        toArray(),
      ),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TimeoutError);
    expect((failure as TimeoutError).info?.seen).toBe(2);
    expect(seen).toEqual([1, 2]);
  });
});
