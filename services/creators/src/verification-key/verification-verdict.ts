import { type Actor, type ContentProfile, ErrorCode, type VerificationOutcome } from '@backtalk/proto';
import type { CreatorVerificationKeyEntity } from './creator-verification-key.entity';
import { MINIMUM_FOLLOWERS } from './verification-key.format';

/** What a verification check knows when it decides (CheckVerification reads it in this order). */
export interface VerificationFacts {
  userType: Actor['userType'];
  /** The caller's key; null when they have none (or are a guest, whose key is not read). */
  key: Pick<CreatorVerificationKeyEntity, 'key' | 'secUid' | 'verified'> | null;
  /** The live profile of the key's handle, or the code ingestion answered instead; null without a key. */
  profile: Pick<ContentProfile, 'secUid' | 'bio' | 'followerCount'> | { error: ErrorCode } | null;
  /** The caller is a creator already: a check after VERIFIED repairs a half-done step. */
  isCreator: boolean;
  /** Another user's creator or verified key holds this profile (by its TikTok id or handle). */
  claimedByOther: boolean;
}

export type VerificationVerdict =
  { outcome: Exclude<VerificationOutcome, 'NOT_VERIFIED_KEY_GENERATED'> } | { error: ErrorCode };

/**
 * Spec §7 fetchTiktokProfileFunc (docs/creators.md): the key must be in the bio of the TikTok
 * account it was generated for (NOT_VERIFIED otherwise) and that account must have 2500
 * followers or more (FOLLOWER_UNDER_2500); a profile another account holds is refused. A key
 * verified before stays VERIFIED whatever the bio says now.
 */
export function verificationVerdict(facts: VerificationFacts): VerificationVerdict {
  const { key, profile } = facts;
  if (facts.userType !== 'authenticated') return { error: ErrorCode.Forbidden };
  if (!key || !profile) return { error: ErrorCode.VerificationKeyNotFound };
  if ('error' in profile) return { error: profile.error };
  if (!key.verified) {
    if (profile.secUid !== key.secUid || !profile.bio.includes(key.key)) return { outcome: 'NOT_VERIFIED' };
    if (profile.followerCount < MINIMUM_FOLLOWERS) return { outcome: 'FOLLOWER_UNDER_2500' };
  }
  if (!facts.isCreator && facts.claimedByOther) return { error: ErrorCode.ProfileAlreadyClaimed };
  return { outcome: 'VERIFIED' };
}
