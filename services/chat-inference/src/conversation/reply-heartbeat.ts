import { type MessageStreamEvent, REPLY_HEARTBEAT_MS } from '@backtalk/proto';
import { Observable } from 'rxjs';

const HEARTBEAT: MessageStreamEvent = { type: 'heartbeat' };

/**
 * The reply stream with a heartbeat at once and then every `everyMs` until it ends: proof for the
 * gateway that this replica took the send and is still working on it while the model is silent
 * (retrieval, a slow first token). A replica that dies stops sending them, and the gateway ends
 * the fan's stream with a clear error.
 */
export function withHeartbeats(
  reply$: Observable<MessageStreamEvent>,
  everyMs: number = REPLY_HEARTBEAT_MS,
): Observable<MessageStreamEvent> {
  return new Observable<MessageStreamEvent>((subscriber) => {
    subscriber.next(HEARTBEAT);
    const timer = setInterval(() => subscriber.next(HEARTBEAT), everyMs);
    const stop = (): void => clearInterval(timer);
    const subscription = reply$.subscribe({
      next: (event) => subscriber.next(event),
      error: (error: unknown) => {
        stop();
        subscriber.error(error);
      },
      complete: () => {
        stop();
        subscriber.complete();
      },
    });
    return () => {
      stop();
      subscription.unsubscribe();
    };
  });
}
