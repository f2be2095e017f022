import { ServiceError } from '@backtalk/kit';
import { AiErrorCode, ChatErrorCode, defaultMessageFor, type WireError } from '@backtalk/proto';

/**
 * How a model call failed, as codes from the AI and chat lists in
 * `@backtalk/proto` (`proto/src/errors/ai.ts`): each is the code the fan's
 * client receives, with that list's message saying what to do.
 */
export const LlmErrorCode = {
  /** The model cannot be used: missing or unreadable file, failed download, provider unreachable or failing. */
  Unavailable: ChatErrorCode.LlmUnavailable,
  /** The provider stopped answering (no first token, or a stall mid-stream, beyond the configured time). */
  Timeout: AiErrorCode.LlmTimeout,
  RateLimited: AiErrorCode.LlmRateLimited,
  /** The provider refused our credentials. A deployment problem, not the fan's. */
  Unauthorized: AiErrorCode.LlmMisconfigured,
  /** The provider rejected the request itself (e.g. the prompt does not fit the context). */
  BadRequest: AiErrorCode.LlmRejected,
  /** The options given to the factory cannot work (unknown provider, missing key). */
  InvalidConfig: AiErrorCode.LlmMisconfigured,
  /** The local model's wait queue is full (LLM_QUEUE_LIMIT). */
  Busy: AiErrorCode.ModelBusy,
} as const;
export type LlmErrorCode = (typeof LlmErrorCode)[keyof typeof LlmErrorCode];

export interface LlmErrorDetails {
  provider?: string;
  model?: string;
  /** HTTP status from the provider, when there was one. */
  status?: number;
  cause?: unknown;
}

/**
 * A model failure, as the shared error type. `message` is for the operator's
 * log (provider, model, cause); what leaves the service (`toWire`, and so
 * `renderError`) is the code's fan-facing text, so no provider detail reaches
 * a browser.
 */
export class LlmError extends ServiceError {
  declare readonly code: LlmErrorCode;
  readonly provider?: string;
  readonly model?: string;
  readonly status?: number;

  constructor(code: LlmErrorCode, message: string, details: LlmErrorDetails = {}) {
    super(code, message);
    if (details.cause !== undefined) this.cause = details.cause;
    this.provider = details.provider;
    this.model = details.model;
    this.status = details.status;
  }

  override toWire(): WireError {
    return { code: this.code, message: defaultMessageFor(this.code) };
  }

  /** Worth retrying later (the same request may succeed). */
  get retryable(): boolean {
    return (
      this.code === LlmErrorCode.Unavailable ||
      this.code === LlmErrorCode.Timeout ||
      this.code === LlmErrorCode.RateLimited ||
      this.code === LlmErrorCode.Busy
    );
  }
}

export class LlmUnavailableError extends LlmError {
  constructor(message: string, details?: LlmErrorDetails) {
    super(LlmErrorCode.Unavailable, message, details);
  }
}

export class LlmTimeoutError extends LlmError {
  constructor(message: string, details?: LlmErrorDetails) {
    super(LlmErrorCode.Timeout, message, details);
  }
}

export class LlmConfigError extends LlmError {
  constructor(message: string, details?: LlmErrorDetails) {
    super(LlmErrorCode.InvalidConfig, message, details);
  }
}

/** The local model already has LLM_QUEUE_LIMIT generations waiting. */
export class LlmBusyError extends LlmError {
  constructor(message: string, details?: LlmErrorDetails) {
    super(LlmErrorCode.Busy, message, details);
  }
}

/** Duck-typed: errors from fetch/undici and DOMException may come from another realm (jest's VM), failing `instanceof Error`. */
export function isErrorLike(error: unknown): error is Error {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

export function errorMessage(error: unknown): string {
  return isErrorLike(error) ? error.message : String(error);
}

export function isAbortError(error: unknown): boolean {
  return (
    isErrorLike(error) &&
    (error.name === 'AbortError' || error.message === 'Aborted' || error.message === 'AbortError')
  );
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Maps whatever a provider SDK threw (OpenAI, Anthropic, AWS, fetch, node) to
 * a typed LlmError. Abort errors are returned unchanged: the caller asked for them.
 */
export function toLlmError(error: unknown, context: { provider: string; model: string }): unknown {
  if (error instanceof LlmError || isAbortError(error)) return error;
  const details = { ...context, cause: error };
  const where = `${context.provider} model "${context.model}"`;
  const reason = describe(error);
  const status = statusOf(error);
  const name = isErrorLike(error) ? error.name : '';
  if (
    status === 401 ||
    status === 403 ||
    /AccessDenied|UnrecognizedClient|CredentialsProviderError|InvalidSignature/i.test(name) ||
    /credentials/i.test(reason)
  ) {
    return new LlmError(LlmErrorCode.Unauthorized, `The ${where} refused our credentials: ${reason}`, {
      ...details,
      status,
    });
  }
  if (status === 429 || /Throttling|TooManyRequests/i.test(name)) {
    return new LlmError(LlmErrorCode.RateLimited, `The ${where} is rate limiting us: ${reason}`, {
      ...details,
      status,
    });
  }
  if (status === 408 || status === 504 || /Timeout/i.test(name) || /timed? ?out/i.test(reason)) {
    return new LlmTimeoutError(`The ${where} did not answer in time: ${reason}`, { ...details, status });
  }
  if (status === 400 || status === 413 || status === 422 || /ValidationException/i.test(name)) {
    return new LlmError(LlmErrorCode.BadRequest, `The ${where} rejected the request: ${reason}`, {
      ...details,
      status,
    });
  }
  return new LlmUnavailableError(`The ${where} is unavailable: ${reason}`, { ...details, status });
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as {
    status?: unknown;
    statusCode?: unknown;
    response?: { status?: unknown };
    $metadata?: { httpStatusCode?: unknown };
  };
  for (const value of [e.status, e.statusCode, e.response?.status, e.$metadata?.httpStatusCode]) {
    if (typeof value === 'number') return value;
  }
  return undefined;
}

function describe(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const code = (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code;
  const base = error.message || error.name;
  if (typeof code === 'string' && CONNECTION_CODES.has(code) && !base.includes(code))
    return `${base} (${code})`;
  if (isErrorLike(cause) && cause.message && !base.includes(cause.message))
    return `${base}: ${cause.message}`;
  return base;
}
