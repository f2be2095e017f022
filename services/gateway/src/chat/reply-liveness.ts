import { ServiceError, ServiceTimeoutError, idleTimeout } from '@backtalk/kit';
import { ErrorCode, type MessageStreamEvent } from '@backtalk/proto';
import { type Observable, TimeoutError, catchError, defer, filter, tap, throwError } from 'rxjs';

/** What the browser is sent: every reply event but chat-inference's heartbeats. */
export type RelayedStreamEvent = Exclude<MessageStreamEvent, { type: 'heartbeat' }>;

/**
 * A reply stream as the fan gets it. `events$` already fails when chat-inference sends nothing at
 * all — not even a heartbeat — for REPLY_LIVENESS_MS (the replica died: ServiceClient's own
 * timeout); here heartbeats are dropped and the model may stay silent for `modelSilenceMs`
 * (CHAT_STREAM_TIMEOUT_MS) between fragments. Either silence, and chat-inference becoming
 * unavailable once the reply has begun, tells the fan to send again (LLM_UNAVAILABLE) instead of
 * leaving the stream open; a chat-inference that is down before the send (no responders) stays a
 * plain SERVICE_UNAVAILABLE, as /api/health reports it.
 */
export function replyForFan(
  events$: Observable<MessageStreamEvent>,
  modelSilenceMs: number,
): Observable<RelayedStreamEvent> {
  return defer(() => {
    let begun = false;
    return events$.pipe(
      tap(() => (begun = true)),
      filter((event): event is RelayedStreamEvent => event.type !== 'heartbeat'),
      idleTimeout<RelayedStreamEvent>(modelSilenceMs, modelSilenceMs),
      catchError((error: unknown) =>
        throwError(() =>
          error instanceof TimeoutError ||
          error instanceof ServiceTimeoutError ||
          (begun && error instanceof ServiceError && error.code === ErrorCode.ServiceUnavailable)
            ? new ServiceError(ErrorCode.LlmUnavailable)
            : error,
        ),
      ),
    );
  });
}
