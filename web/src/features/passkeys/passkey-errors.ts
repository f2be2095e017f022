import { WebAuthnError } from '@simplewebauthn/browser';
import { ApiError } from '../../api';

/** Spec §8: the passkey errors the screens tell apart (and anything else that went wrong). */
export type PasskeyProblem =
  'unsupported' | 'existing' | 'invalidOptions' | 'cancelled' | 'aborted' | 'failed';

export const PASSKEY_MESSAGES: Record<PasskeyProblem, string> = {
  unsupported:
    'This browser or device does not support passkeys. Use another browser or device, or sign in with your email and password.',
  existing:
    'This device already has a passkey for your account. Sign in with it, or register a passkey on another device.',
  invalidOptions: 'The passkey request does not fit this site. Reload the page and try again.',
  cancelled: 'The passkey request was cancelled or timed out. Try again when you are ready.',
  aborted: 'The passkey request was interrupted by another one. Try again.',
  failed: 'The passkey could not be used. Try again, or sign in with your email and password.',
};

/** Raised before any request when the browser has no WebAuthn at all. */
export class PasskeysUnsupported extends Error {
  override name = 'PasskeysUnsupported';
}

export interface PasskeyFailure {
  problem: PasskeyProblem;
  message: string;
}

const INVALID_OPTIONS = new Set([
  'ERROR_INVALID_DOMAIN',
  'ERROR_INVALID_RP_ID',
  'ERROR_INVALID_USER_ID_LENGTH',
  'ERROR_MALFORMED_PUBKEYCREDPARAMS',
  'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG',
]);
const UNSUPPORTED = new Set([
  'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT',
  'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT',
]);

/**
 * What went wrong with a passkey ceremony, in words for the user: the browser's refusal (as
 * @simplewebauthn/browser names it), or the server's answer, whose message is already clear.
 */
export function passkeyFailureOf(error: unknown): PasskeyFailure {
  const of = (problem: PasskeyProblem, message = PASSKEY_MESSAGES[problem]) => ({ problem, message });
  if (error instanceof PasskeysUnsupported) return of('unsupported');
  if (error instanceof ApiError) {
    if (error.code === 'PASSKEY_ALREADY_REGISTERED') return of('existing', error.message);
    if (error.code === 'PASSKEYS_UNAVAILABLE') return of('unsupported', error.message);
    return of('failed', error.message);
  }
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return of('existing');
    if (error.code === 'ERROR_CEREMONY_ABORTED') return of('aborted');
    if (INVALID_OPTIONS.has(error.code)) return of('invalidOptions');
    if (UNSUPPORTED.has(error.code)) return of('unsupported');
    const cause = (error.cause as { name?: string } | undefined)?.name;
    if (cause === 'NotAllowedError') return of('cancelled');
    if (cause === 'AbortError') return of('aborted');
    return of('failed');
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError') return of('cancelled');
  if (name === 'AbortError') return of('aborted');
  // Options the browser cannot even read (a challenge that is not base64url, a missing field).
  if (name === 'TypeError' || name === 'InvalidCharacterError' || name === 'SyntaxError')
    return of('invalidOptions');
  return of('failed');
}
