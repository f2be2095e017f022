import type { ErrorList } from './error-list';

export const creatorsErrors = {
  CreatorNotFound: {
    code: 'CREATOR_NOT_FOUND',
    status: 404,
    message: 'This creator was not found. Check the handle in the address.',
  },
  /** Spec §8 'Failed to check for existing verification key' covers the screen; this is the server's word. */
  VerificationKeyNotFound: {
    code: 'VERIFICATION_KEY_NOT_FOUND',
    status: 404,
    message: 'You have no verification key yet. Enter your TikTok user ID and generate one.',
  },
  /** One profile, one Backtalk account (a unique index backs it). */
  ProfileAlreadyClaimed: {
    code: 'PROFILE_ALREADY_CLAIMED',
    status: 409,
    message:
      'This TikTok profile is already linked to another Backtalk account. Sign in with that account, or contact support if it is yours.',
  },
  /** A verified key stays bound to its profile. */
  AlreadyVerified: {
    code: 'ALREADY_VERIFIED',
    status: 409,
    message: 'Your TikTok profile is already verified. Open your creator home.',
  },
  /** The admin demo flow: the profile's handle (or TikTok id) already belongs to a creator. */
  CreatorAlreadyExists: {
    code: 'CREATOR_ALREADY_EXISTS',
    status: 409,
    message: 'This TikTok profile is already a creator on Backtalk. Nothing was created.',
  },
  PromptVersionNotFound: {
    code: 'PROMPT_VERSION_NOT_FOUND',
    status: 404,
    message: 'This prompt version was not found. Reload the page to see your saved versions.',
  },
} as const satisfies ErrorList;
