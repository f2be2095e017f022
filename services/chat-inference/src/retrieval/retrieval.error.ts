export enum RetrievalErrorCode {
  /** The caller passed something unusable (empty creator id, bad limit, wrong vector size). */
  InvalidInput = 'RETRIEVAL_INVALID_INPUT',
  /** The index backend (Qdrant) could not be reached or failed. */
  IndexUnavailable = 'RETRIEVAL_INDEX_UNAVAILABLE',
  /** The existing collection was created with a different vector layout. */
  SchemaMismatch = 'RETRIEVAL_SCHEMA_MISMATCH',
}

/** Wire codes from `@backtalk/proto`'s ErrorCode that each retrieval code maps to. */
const wireCodeByCode: Record<RetrievalErrorCode, 'VALIDATION_FAILED' | 'SERVICE_UNAVAILABLE' | 'INTERNAL'> = {
  [RetrievalErrorCode.InvalidInput]: 'VALIDATION_FAILED',
  [RetrievalErrorCode.IndexUnavailable]: 'SERVICE_UNAVAILABLE',
  [RetrievalErrorCode.SchemaMismatch]: 'INTERNAL',
};

export class RetrievalError extends Error {
  readonly wireCode: 'VALIDATION_FAILED' | 'SERVICE_UNAVAILABLE' | 'INTERNAL';

  constructor(
    readonly code: RetrievalErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RetrievalError';
    this.wireCode = wireCodeByCode[code];
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
