import { randomInt } from 'node:crypto';
import type { VerificationOutcome } from '@backtalk/proto';
import type { CreatorVerificationKeyEntity } from './creator-verification-key.entity';

/** Spec §5 / docs/creators.md: at least 2500 followers. */
export const MINIMUM_FOLLOWERS = 2500;

// No 0/O or 1/I/L: the key is copied into a bio by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A key to paste into the bio, e.g. `BACKTALK-7KQ2-M9XD`: short, unguessable (~50 bits). */
export function newVerificationKey(): string {
  const block = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `BACKTALK-${block()}-${block()}`;
}

/** The handle of a TikTok user id typed on the verify screen (`@Name` → `name`). */
export function handleOf(tikTokUserId: string): string {
  return tikTokUserId.replace(/^@+/, '').toLowerCase();
}

/** What the stored key says (NOT_VERIFIED_KEY_GENERATED: generated, not yet checked). */
export function statusOf(
  key: Pick<CreatorVerificationKeyEntity, 'verified' | 'followerCount2500'>,
): VerificationOutcome {
  if (key.verified === true) return 'VERIFIED';
  if (key.followerCount2500 === false) return 'FOLLOWER_UNDER_2500';
  if (key.verified === false) return 'NOT_VERIFIED';
  return 'NOT_VERIFIED_KEY_GENERATED';
}
