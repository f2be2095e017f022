import { BirthdateMessage } from '../age';
import type { ErrorList } from './error-list';

/**
 * identity's codes. The AUTH_* messages are what the sign-in screen shows, so
 * they use the product's (Cognito-era) wording where the spec keeps it.
 */
export const identityErrors = {
  TokenInvalid: {
    code: 'TOKEN_INVALID',
    status: 401,
    message: 'Your session has ended. Sign in again, or continue as a guest.',
  },
  TokenReused: {
    code: 'TOKEN_REUSED',
    status: 401,
    message: 'For your safety this session was ended. Sign in again.',
  },
  /** One answer for an unknown email and a wrong password (NotAuthorizedException / UserNotFoundException). */
  AuthInvalidCredentials: {
    code: 'AUTH_INVALID_CREDENTIALS',
    status: 401,
    message: 'Incorrect username or password.',
  },
  AuthUserExists: {
    code: 'AUTH_USER_EXISTS',
    status: 409,
    message: 'An account with the given email already exists.',
  },
  AuthAutoSignInInactive: {
    code: 'AUTH_AUTO_SIGN_IN_INACTIVE',
    status: 409,
    // Spec §8, word for word.
    message: 'The autoSignIn flow has not started, or has been cancelled/completed.',
  },
  AuthCodeMismatch: {
    code: 'AUTH_CODE_MISMATCH',
    status: 400,
    message: 'Invalid verification code provided, please try again.',
  },
  /** The code expired, was used, or too many wrong codes were tried: only a new code helps. */
  AuthCodeExpired: {
    code: 'AUTH_CODE_EXPIRED',
    status: 400,
    message: 'Invalid code provided, please request a code again.',
  },
  /** Brute-force protection; `retryAfterSeconds` (and `Retry-After`) say when to try again. */
  AuthTooManyAttempts: {
    code: 'AUTH_TOO_MANY_ATTEMPTS',
    status: 429,
    message: 'Too many attempts. Please try again later.',
  },
  AuthChallengeExpired: {
    code: 'AUTH_CHALLENGE_EXPIRED',
    status: 401,
    message: 'Your sign-in session has expired. Please sign in again.',
  },
  /** The password breaks a §5 rule; identity's message is the spec's text of the first rule it breaks. */
  AuthInvalidPassword: {
    code: 'AUTH_INVALID_PASSWORD',
    status: 400,
    message: 'Choose a longer password with lower and upper case letters, numbers and special characters.',
  },
  /** The mail server refused or could not be reached; nothing was changed that a retry would repeat. */
  AuthDeliveryFailed: {
    code: 'AUTH_DELIVERY_FAILED',
    status: 503,
    message: 'We could not send the email just now. Try again in a few minutes.',
  },
  /** The SMS provider (Twilio or Amazon SNS) refused or could not be reached; the code can be asked for again. */
  AuthSmsDeliveryFailed: {
    code: 'AUTH_SMS_DELIVERY_FAILED',
    status: 503,
    message: 'We could not send the text message just now. Try again in a few minutes.',
  },
  /** The phone number is not one a text message can be sent to (E.164, a valid number for its country). */
  AuthInvalidPhoneNumber: {
    code: 'AUTH_INVALID_PHONE_NUMBER',
    status: 400,
    message: 'This phone number is not valid. Enter the country code and the number, e.g. +1 415 555 0100.',
  },
  /** A second factor this server cannot offer (TOTP without a key-encryption key; SMS without a sender). */
  MfaMethodUnavailable: {
    code: 'MFA_METHOD_UNAVAILABLE',
    status: 400,
    message: 'This sign-in method is not available here. Choose another one.',
  },
  /** MFA_REQUIRED: the last factor cannot be turned off. */
  MfaRequired: {
    code: 'MFA_REQUIRED',
    status: 409,
    message: 'Two-step sign-in is required here. Set up another method before you turn this one off.',
  },
  /** The factor to confirm or turn off is not set up (or its setup was not started). */
  /** SMS codes go only to a verified phone number (spec §4 "Verify attributes"): verify it first. */
  MfaPhoneNotVerified: {
    code: 'MFA_PHONE_NOT_VERIFIED',
    status: 409,
    message: 'Verify your phone number first: text message codes go only to a verified number.',
  },
  MfaNotSetUp: {
    code: 'MFA_NOT_SET_UP',
    status: 409,
    message: 'This sign-in method is not set up. Start its setup again.',
  },
  /** Spec §8 passkey error "existing": this authenticator already holds a passkey for an account here. */
  PasskeyAlreadyRegistered: {
    code: 'PASSKEY_ALREADY_REGISTERED',
    status: 409,
    message: 'This passkey is already registered. Sign in with it, or register one on another device.',
  },
  /** The answer did not verify: wrong challenge, origin or signature, or an unknown passkey. */
  PasskeyVerificationFailed: {
    code: 'PASSKEY_VERIFICATION_FAILED',
    status: 401,
    message: 'The passkey could not be verified. Try again, or sign in with your email and password.',
  },
  /** The options were used already or are older than PASSKEY_CHALLENGE_TTL_SECONDS. */
  PasskeyChallengeExpired: {
    code: 'PASSKEY_CHALLENGE_EXPIRED',
    status: 400,
    message: 'This passkey request has expired. Start again.',
  },
  /** Passkeys are off (PASSKEYS_ENABLED=false) or the site's address is not known to identity. */
  PasskeysUnavailable: {
    code: 'PASSKEYS_UNAVAILABLE',
    status: 400,
    message: 'Passkeys are not available at this address. Sign in with your email and password.',
  },
  /** GET /api/auth/oauth/{provider}/start for a provider this deployment has no configuration for. */
  OAuthProviderNotConfigured: {
    code: 'OAUTH_PROVIDER_NOT_CONFIGURED',
    status: 404,
    message: 'Sign-in with this provider is not available here.',
  },
  /** The provider's discovery document or endpoints could not be reached. */
  OAuthProviderUnavailable: {
    code: 'OAUTH_PROVIDER_UNAVAILABLE',
    status: 503,
    message: 'The sign-in provider could not be reached. Please try again later.',
  },
  /** COPPA (docs/safety.md, "Age"): no account and no chat under 13, and nothing kept. */
  AgeUnder13: {
    code: 'AGE_UNDER_13',
    status: 403,
    message: BirthdateMessage.Under13,
  },
  /** The age is asked once; a user cannot answer again to change it. */
  AgeAlreadySet: {
    code: 'AGE_ALREADY_SET',
    status: 409,
    message: 'Your age is already set. If it is wrong, contact support to correct it.',
  },
  /** An account answers with its birth date, a guest with an age band. */
  AgeAnswerMismatch: {
    code: 'AGE_ANSWER_MISMATCH',
    status: 400,
    message: 'An account gives its birth date (birthdate); a guest chooses an age band (ageBand).',
  },
} as const satisfies ErrorList;
