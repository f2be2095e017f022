import { defaultMessageFor, ErrorCode, httpStatusFor } from '@backtalk/proto';
import { busyErrorOf, ServiceError } from './service-error';

/** The error a client reads: `{ code, message }`, plus details it acts on. */
export type ErrorBody = { code: ErrorCode; message: string } & Record<string, unknown>;

/**
 * The one place an error becomes what a client sees, for an HTTP answer and
 * for an `error` event in a reply stream alike. Anything that is not a typed
 * service error is INTERNAL with the fan-facing text, so no internal message
 * leaks (an exhausted database pool is SERVICE_BUSY, which says to retry). Details a client acts on (e.g. `nextAvailableTime` of RATE_LIMITED)
 * are also lifted to the top level.
 */
export function renderError(error: unknown): { status: number; body: ErrorBody } {
  const failure =
    error instanceof ServiceError
      ? error
      : (busyErrorOf(error) ?? new ServiceError(ErrorCode.Internal, defaultMessageFor(ErrorCode.Internal)));
  const details =
    failure.details && typeof failure.details === 'object' && !Array.isArray(failure.details)
      ? failure.details
      : {};
  return { status: httpStatusFor(failure.code), body: { ...details, ...failure.toWire() } };
}
