import { ServiceError } from '@backtalk/kit';
import { AiErrorCode, defaultMessageFor, ErrorCode, type WireError } from '@backtalk/proto';

/** How retrieval failed, as codes from `@backtalk/proto`'s lists (each with its fan-facing text). */
export const RetrievalErrorCode = {
  /** The caller passed something unusable (empty creator id, bad limit, wrong vector size). */
  InvalidInput: ErrorCode.ValidationFailed,
  /** The index backend (Qdrant) could not be reached or failed. */
  IndexUnavailable: AiErrorCode.PostIndexUnavailable,
  /** The existing collection was created with a different vector layout: the operator's to fix. */
  SchemaMismatch: ErrorCode.Internal,
} as const;
export type RetrievalErrorCode = (typeof RetrievalErrorCode)[keyof typeof RetrievalErrorCode];

/**
 * A retrieval failure, as the shared error type. `message` is for the log;
 * what leaves the service is the code's fan-facing text.
 */
export class RetrievalError extends ServiceError {
  declare readonly code: RetrievalErrorCode;

  constructor(code: RetrievalErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message);
    if (options?.cause !== undefined) this.cause = options.cause;
  }

  override toWire(): WireError {
    return { code: this.code, message: defaultMessageFor(this.code) };
  }
}

export function assertCreatorId(creatorId: string): void {
  if (typeof creatorId !== 'string' || creatorId.trim() === '') {
    throw new RetrievalError(
      RetrievalErrorCode.InvalidInput,
      'A creator id is required to read or write posts',
    );
  }
}

export function assertLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 0) {
    throw new RetrievalError(
      RetrievalErrorCode.InvalidInput,
      `Search limit must be a non-negative integer, got ${limit}`,
    );
  }
}
