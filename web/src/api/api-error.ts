/** An error answered by the gateway as `{ code, message }`, or a request that never got an answer. */
export class ApiError extends Error {
  static readonly NETWORK_ERROR = 'NETWORK_ERROR';

  constructor(
    /** HTTP status; 0 when the request failed before any response (network error). */
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole parsed error body, which may carry extra fields (e.g. nextAvailableTime on 429). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  get isRateLimited(): boolean {
    return this.status === 429 || this.code === 'RATE_LIMITED';
  }

  /** The `nextAvailableTime` of a RATE_LIMITED answer, if it sent one. */
  get nextAvailableTime(): string | null {
    const value = this.body.nextAvailableTime;
    return typeof value === 'string' && value ? value : null;
  }

  static network(cause: unknown): ApiError {
    const error = new ApiError(0, ApiError.NETWORK_ERROR, 'Network error: the server could not be reached.');
    (error as { cause?: unknown }).cause = cause;
    return error;
  }

  /** Builds the error from a non-2xx response, tolerating bodies that are not `{ code, message }` JSON. */
  static async fromResponse(response: Response): Promise<ApiError> {
    let body: Record<string, unknown> = {};
    try {
      const text = await response.text();
      const parsed: unknown = text ? JSON.parse(text) : {};
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        body = parsed as Record<string, unknown>;
    } catch {
      // Not JSON (e.g. a proxy's HTML error page): fall back to the status below.
    }
    const code = typeof body.code === 'string' && body.code ? body.code : `HTTP_${response.status}`;
    const message =
      typeof body.message === 'string' && body.message
        ? body.message
        : `Request failed with status ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return new ApiError(response.status, code, message, body);
  }
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
