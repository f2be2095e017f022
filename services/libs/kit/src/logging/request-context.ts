import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

interface RequestContextStore {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContextStore>();

/**
 * Carries the request id of the HTTP request or NATS message being handled,
 * so logs and outgoing NATS requests pick it up without passing it around.
 */
export const RequestContext = {
  run<T>(requestId: string | undefined, fn: () => T): T {
    return storage.run({ requestId: sanitizeRequestId(requestId) ?? randomUUID() }, fn);
  },
  requestId(): string | undefined {
    return storage.getStore()?.requestId;
  },
};

/** Accepts a caller's id only if it is a reasonable token, so logs cannot be spoofed with junk. */
export function sanitizeRequestId(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return /^[\w.:-]{1,128}$/.test(value) ? value : undefined;
}
