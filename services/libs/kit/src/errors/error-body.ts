import { Logger } from '@nestjs/common';
import { defaultMessageFor, ErrorCode, httpStatusFor } from '@backtalk/proto';
import { busyErrorOf, InternalFailure, ServiceError } from './service-error';

const logger = new Logger('ErrorBody');

/** The error a client reads: `{ code, message }`, plus details it acts on. */
export type ErrorBody = { code: ErrorCode; message: string } & Record<string, unknown>;

/**
 * The one place an error becomes what a client sees, for an HTTP answer and
 * for an `error` event in a reply stream alike. Anything that is not a typed
 * service error is INTERNAL with the fan-facing text, so no internal message
 * leaks (an exhausted database pool is SERVICE_BUSY, which says to retry); an
 * InternalFailure's own text (a timeout, an invalid reply, a provider's words)
 * goes to the log, with the request id, and the client gets its code's text, as
 * for every INTERNAL. Details a client acts on (e.g. `nextAvailableTime` of
 * RATE_LIMITED) are also lifted to the top level.
 */
export function renderError(error: unknown): { status: number; body: ErrorBody } {
  const failure =
    error instanceof ServiceError
      ? error
      : (busyErrorOf(error) ?? new ServiceError(ErrorCode.Internal, defaultMessageFor(ErrorCode.Internal)));
  if (failure instanceof InternalFailure) logInternalFailure(logger, failure);
  const details =
    failure.details && typeof failure.details === 'object' && !Array.isArray(failure.details)
      ? failure.details
      : {};
  const wire = failure.toWire();
  const message = failure.code === ErrorCode.Internal ? defaultMessageFor(ErrorCode.Internal) : wire.message;
  return { status: httpStatusFor(failure.code), body: { ...details, ...wire, message } };
}

/** One warning with what the client was not told: the code, the service it came from, the raw text. */
export function logInternalFailure(log: Pick<Logger, 'warn'>, failure: InternalFailure): void {
  log.warn(`Answered ${failure.code}${failure.service ? ` (${failure.service})` : ''}: ${failure.message}`);
}
