import { defaultMessageFor, ErrorCode, type WireError, isWireError } from '@backtalk/proto';

/**
 * The base of every typed error a service raises. Each module subclasses it
 * with its own codes; the RPC filter turns it into `{ code, message }` on the
 * wire and the gateway maps the code to an HTTP status.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Defaults to the code's fan-facing text from its service's list in proto. */
    message: string = defaultMessageFor(code),
    readonly details?: unknown,
    readonly service?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  toWire(): WireError {
    return {
      code: this.code,
      message: this.message,
      ...(this.service ? { service: this.service } : {}),
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }

  static fromWire(error: WireError): ServiceError {
    return new ServiceError(error.code, error.message, error.details, error.service);
  }

  /**
   * Anything caught from a transport call, turned into a typed error. A wire error keeps its
   * message (its sender rendered it); anything else is INTERNAL, its own text for the log only.
   */
  static from(error: unknown, service?: string): ServiceError {
    if (error instanceof ServiceError) return error;
    if (isWireError(error)) return ServiceError.fromWire(error);
    const busy = busyErrorOf(error, service);
    if (busy) return busy;
    const message =
      error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';
    return new InternalFailure(ErrorCode.Internal, message, service);
  }
}

/**
 * A failure whose message is for the operator's log only — a caught TypeError, another service's
 * invalid reply, a timeout, a provider's or the network's own words. What leaves the service
 * (`toWire`, and so `renderError`) is the code's own text from proto's list.
 */
export class InternalFailure extends ServiceError {
  constructor(code: ErrorCode, logMessage: string, service?: string) {
    super(code, logMessage, undefined, service);
  }

  override toWire(): WireError {
    return { ...super.toWire(), message: defaultMessageFor(this.code) };
  }
}

export class ValidationError extends ServiceError {
  constructor(message: string, details?: unknown) {
    super(ErrorCode.ValidationFailed, message, details);
  }
}

export class NotFoundError extends ServiceError {
  constructor(message: string, code: ErrorCode = ErrorCode.NotFound) {
    super(code, message);
  }
}

export class ForbiddenError extends ServiceError {
  constructor(message = 'You do not have access to this record') {
    super(ErrorCode.Forbidden, message);
  }
}

/** pg-pool's error when no connection became free within connectionTimeoutMillis. */
const POOL_EXHAUSTED = 'timeout exceeded when trying to connect';

/**
 * SERVICE_BUSY (503, "try again in a few seconds") for a database pool that had
 * no connection free in time: a load peak, not a fault, so the caller is told
 * to retry rather than given INTERNAL. Undefined for any other error.
 */
export function busyErrorOf(error: unknown, service?: string): ServiceError | undefined {
  if (!(error instanceof Error) || error.message !== POOL_EXHAUSTED) return undefined;
  return new ServiceError(
    ErrorCode.ServiceBusy,
    defaultMessageFor(ErrorCode.ServiceBusy),
    undefined,
    service,
  );
}

/**
 * A service took the request (or was expected to) and then sent nothing for longer than the
 * caller waits: it is overloaded, or its process died mid-request. Still SERVICE_UNAVAILABLE on the
 * wire; the class lets a caller that knows better say what to do (a reply stream: send again).
 */
export class ServiceTimeoutError extends InternalFailure {
  constructor(service: string, waitedMs: number) {
    super(ErrorCode.ServiceUnavailable, `${service} did not answer within ${waitedMs} ms`, service);
  }
}
