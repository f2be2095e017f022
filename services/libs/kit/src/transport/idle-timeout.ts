import { type MonoTypeOperatorFunction, Observable, TimeoutError } from 'rxjs';

/**
 * rxjs `timeout({ first, each })` with one timer per call instead of one per
 * value (issue 13): a value only records when it came, and the timer, when it
 * fires, either re-arms for what is left or fails with rxjs' TimeoutError. A
 * reply stream of hundreds of fragments no longer clears and re-arms a timer
 * for each of them.
 */
export function idleTimeout<T>(firstMs: number, eachMs: number): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let seen = 0;
      let last = performance.now();
      let lastValue: T | null = null;
      let timer: NodeJS.Timeout | undefined;
      const check = (): void => {
        const limit = seen === 0 ? firstMs : eachMs;
        const idle = performance.now() - last;
        if (idle < limit) {
          timer = setTimeout(check, limit - idle);
          return;
        }
        timer = undefined;
        subscriber.error(new TimeoutError<T, null>({ seen, lastValue, meta: null }));
      };
      timer = setTimeout(check, firstMs);
      const subscription = source.subscribe({
        next: (value) => {
          seen++;
          last = performance.now();
          lastValue = value;
          subscriber.next(value);
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      return () => {
        if (timer !== undefined) clearTimeout(timer);
        subscription.unsubscribe();
      };
    });
}
