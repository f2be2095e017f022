import type { WritePacket } from '@nestjs/microservices';
import type { Observable, Subscription } from 'rxjs';

/**
 * Sends a handler's replies as packets, value by value, in place of Nest's `Server.send` (both of
 * the kit's transport servers use it): Nest queues every value for a `process.nextTick` and an
 * async loop, behind two rxjs operators, on every streamed fragment (docs/benchmarks.md, issue 25
 * item 2). Here each value is held only until the end of the current microtask, so a value that
 * is the last one (a plain request's reply, a stream's final fragment) leaves in the same packet
 * as `isDisposed` — one packet per request/reply, as with Nest — and every other one leaves
 * alone, in order. An error is one packet, `{ err, isDisposed }`.
 */
export function publishReplies(
  replies$: Observable<unknown>,
  respond: (packet: WritePacket) => unknown,
): Subscription {
  let held: WritePacket | undefined;
  let flushing = false;
  const flush = (): void => {
    flushing = false;
    if (held === undefined) return;
    const packet = held;
    held = undefined;
    void respond(packet);
  };
  return replies$.subscribe({
    next: (response: unknown) => {
      if (held !== undefined) flush();
      held = { response };
      if (!flushing) {
        flushing = true;
        queueMicrotask(flush);
      }
    },
    error: (err: unknown) => {
      flush();
      void respond({ err, isDisposed: true });
    },
    complete: () => {
      const last = held;
      held = undefined;
      void respond(last ? { ...last, isDisposed: true } : { isDisposed: true });
    },
  });
}
