import { z } from 'zod';

/**
 * Error codes that cross service boundaries. The gateway maps each to an HTTP
 * status (see `httpStatusFor`), so a new code must be given a status there.
 */
export const ErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  NotFound: 'NOT_FOUND',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  Conflict: 'CONFLICT',
  RateLimited: 'RATE_LIMITED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Timeout: 'TIMEOUT',
  Internal: 'INTERNAL',
  CreatorNotFound: 'CREATOR_NOT_FOUND',
  ConversationNotFound: 'CONVERSATION_NOT_FOUND',
  TokenInvalid: 'TOKEN_INVALID',
  TokenReused: 'TOKEN_REUSED',
  LlmUnavailable: 'LLM_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorCodeSchema = z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]);

/** The one error shape on the wire: `{ code, message }` plus optional details. */
export const wireErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  service: z.string().optional(),
  details: z.unknown().optional(),
});
export type WireError = z.infer<typeof wireErrorSchema>;

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  TIMEOUT: 504,
  INTERNAL: 500,
  CREATOR_NOT_FOUND: 404,
  CONVERSATION_NOT_FOUND: 404,
  TOKEN_INVALID: 401,
  TOKEN_REUSED: 401,
  LLM_UNAVAILABLE: 503,
};

export function httpStatusFor(code: ErrorCode): number {
  return statusByCode[code];
}

export function isWireError(value: unknown): value is WireError {
  return wireErrorSchema.safeParse(value).success;
}
