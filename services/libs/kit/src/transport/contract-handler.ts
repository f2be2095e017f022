import type { MessageHandler, NatsContext } from '@nestjs/microservices';
import { contractFor, eventContracts } from '@backtalk/proto';
import { isObservable, Observable, throwError } from 'rxjs';
import type { z } from 'zod';
import { ValidationError } from '../errors/service-error';
import { describeZodIssues } from '../errors/zod-issues';
import { REQUEST_ID_HEADER, RequestContext } from '../logging/request-context';

/**
 * Wraps a service's NATS handler for `subject` as both transport servers register it: the
 * payload is validated against the subject's `proto/` schema (a bad payload is answered with a
 * typed VALIDATION_FAILED error and the handler never runs), the handler receives the parsed
 * value, and it runs — with any stream it returns — under the caller's request id, for logs and
 * onward calls.
 *
 * This is the transport's work rather than a Nest interceptor's: a global interceptor made Nest
 * bind the async context and add two rxjs layers on every message and every HTTP request
 * (docs/benchmarks.md section 3, issue 13); with none, Nest calls the handler directly.
 */
export function withContract(subject: string, handler: MessageHandler, service?: string): MessageHandler {
  const schema: z.ZodType | undefined =
    contractFor(subject)?.request ?? (eventContracts as Record<string, z.ZodType>)[subject];
  const refuse = (error: ValidationError) =>
    throwError(() => ({ ...error.toWire(), ...(service ? { service } : {}) }));
  const contracted = (async (data: unknown, context?: NatsContext) => {
    if (!schema) return refuse(new ValidationError(`No contract for ${subject}`));
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      return refuse(new ValidationError(describeZodIssues(parsed.error), parsed.error.issues));
    const requestId = context?.getHeaders?.()?.get(REQUEST_ID_HEADER) || undefined;
    return RequestContext.run(requestId, async () => {
      const result: unknown = await handler(parsed.data, context);
      return isObservable(result) ? inContext(RequestContext.requestId(), result) : result;
    });
  }) as MessageHandler;
  // Nest chains a service's several handlers of one event through `next` on the handler it
  // registered first, and calls the next one with the (already parsed) payload itself.
  Object.defineProperty(contracted, 'next', {
    get: () => handler.next,
    set: (next: MessageHandler) => {
      handler.next = (next as ContractedHandler)[UNCHECKED] ?? next;
    },
  });
  (contracted as ContractedHandler)[UNCHECKED] = handler;
  return contracted;
}

const UNCHECKED = Symbol('unchecked handler');
type ContractedHandler = MessageHandler & { [UNCHECKED]?: MessageHandler };

/** The stream, subscribed to under the request's id (its work runs when it is subscribed to). */
function inContext<T>(requestId: string | undefined, source: Observable<T>): Observable<T> {
  return new Observable<T>((subscriber) => RequestContext.run(requestId, () => source.subscribe(subscriber)));
}
