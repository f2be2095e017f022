import { z } from 'zod';
import { aiErrors } from './ai';
import { billingErrors } from './billing';
import { chatErrors } from './chat';
import { commonErrors } from './common';
import { creatorsErrors } from './creators';
import { codesOf, type ErrorEntry } from './error-list';
import { featureFlagsErrors } from './feature-flags';
import { gatewayErrors } from './gateway';
import { identityErrors } from './identity';
import { ingestionErrors } from './ingestion';

export type { ErrorEntry, ErrorList } from './error-list';

/**
 * Every code that crosses a service boundary, one list per service (see
 * docs/architecture.md, "Errors"). A key may appear in one list only.
 */
const errorLists = {
  ...commonErrors,
  ...identityErrors,
  ...creatorsErrors,
  ...ingestionErrors,
  ...chatErrors,
  ...aiErrors,
  ...billingErrors,
  ...featureFlagsErrors,
  ...gatewayErrors,
};

/** chat-inference's own codes, for code that names only those. */
export const ChatErrorCode = codesOf(chatErrors);
export type ChatErrorCode = (typeof ChatErrorCode)[keyof typeof ChatErrorCode];

/** The AI library's codes (model, persona prompt, post index). */
export const AiErrorCode = codesOf(aiErrors);
export type AiErrorCode = (typeof AiErrorCode)[keyof typeof AiErrorCode];

/** `ErrorCode.NotFound === 'NOT_FOUND'`; the type is the union of every service's codes. */
export const ErrorCode = codesOf(errorLists);
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const entryByCode = new Map<string, ErrorEntry>(
  Object.values(errorLists).map((entry) => [entry.code, entry]),
);

export const errorCodeSchema = z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]);

/** The one error shape on the wire: `{ code, message }` plus optional details. */
export const wireErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  service: z.string().optional(),
  details: z.unknown().optional(),
});
export type WireError = z.infer<typeof wireErrorSchema>;

export function httpStatusFor(code: ErrorCode): number {
  return entryByCode.get(code)?.status ?? 500;
}

/** What to tell a fan when the raiser gave no message of its own. */
export function defaultMessageFor(code: ErrorCode): string {
  return entryByCode.get(code)?.message ?? commonErrors.Internal.message;
}

export function isWireError(value: unknown): value is WireError {
  return wireErrorSchema.safeParse(value).success;
}
