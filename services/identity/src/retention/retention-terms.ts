import { DAY_MS } from '@backtalk/kit';

/**
 * The terms of the Privacy Policy and the Terms of Service (spec §9), as identity
 * applies them (docs/retention.md has every service's).
 */
export const IdentityTerms = {
  /** "account data [is removed] within 60": the tombstone of a deleted account goes then too. */
  accountDataMs: 60 * DAY_MS,
  /** Ended (revoked or expired) sessions and their refresh tokens are kept this long, for the owner's session list. */
  endedSessionMs: 30 * DAY_MS,
} as const;
