import { ErrorCode } from '@backtalk/proto';
import type { CreatorVerificationKeyEntity } from './creator-verification-key.entity';
import { statusOf } from './verification-key.format';
import {
  type VerificationFacts,
  type VerificationVerdict,
  verificationVerdict,
} from './verification-verdict';

const KEY = 'BACKTALK-7KQ2M-9XDAB';
const MAYA = 'MS4wLjABAAAA-maya';

const generated = { key: KEY, secUid: MAYA, verified: null };
const verifiedBefore = { ...generated, verified: true };
const profile = (bio: string, followerCount = 12_000, secUid = MAYA) => ({ secUid, bio, followerCount });
const withKey = profile(`Dance videos daily ✨ ${KEY}`);

/** A signed-in user with a generated key whose profile has the key in its bio and 12,000 followers. */
const facts = (overrides: Partial<VerificationFacts>): VerificationFacts => ({
  userType: 'authenticated',
  key: generated,
  profile: withKey,
  isCreator: false,
  claimedByOther: false,
  ...overrides,
});

describe('verificationVerdict (creators.verification.check)', () => {
  it.each<{ case: string; facts: VerificationFacts; verdict: VerificationVerdict }>([
    {
      case: 'a guest',
      facts: facts({ userType: 'guest', key: null, profile: null }),
      verdict: { error: ErrorCode.Forbidden },
    },
    {
      case: 'no key generated yet',
      facts: facts({ key: null, profile: null }),
      verdict: { error: ErrorCode.VerificationKeyNotFound },
    },
    {
      case: "the key's handle names no profile any more",
      facts: facts({ profile: { error: ErrorCode.ProfileNotFound } }),
      verdict: { error: ErrorCode.ProfileNotFound },
    },
    {
      case: 'no content provider could be reached',
      facts: facts({ profile: { error: ErrorCode.ContentProviderUnavailable } }),
      verdict: { error: ErrorCode.ContentProviderUnavailable },
    },
    {
      case: 'the key is in the bio, among other text',
      facts: facts({}),
      verdict: { outcome: 'VERIFIED' },
    },
    {
      case: 'the key is in the bio, exactly 2500 followers',
      facts: facts({ profile: profile(KEY, 2500) }),
      verdict: { outcome: 'VERIFIED' },
    },
    {
      case: 'the key is in the bio, 2499 followers',
      facts: facts({ profile: profile(KEY, 2499) }),
      verdict: { outcome: 'FOLLOWER_UNDER_2500' },
    },
    {
      case: 'the key is not in the bio',
      facts: facts({ profile: profile('Dance videos daily ✨') }),
      verdict: { outcome: 'NOT_VERIFIED' },
    },
    {
      case: 'the key typed into the bio in lower case',
      facts: facts({ profile: profile(KEY.toLowerCase()) }),
      verdict: { outcome: 'NOT_VERIFIED' },
    },
    {
      case: 'the handle now names another TikTok account, whose bio has the key',
      facts: facts({ profile: profile(KEY, 12_000, 'MS4wLjABAAAA-someone-else') }),
      verdict: { outcome: 'NOT_VERIFIED' },
    },
    {
      case: 'neither the key nor 2500 followers: the bio is reported first',
      facts: facts({ profile: profile('Dance videos daily ✨', 300) }),
      verdict: { outcome: 'NOT_VERIFIED' },
    },
    {
      case: 'the key is in the bio, but another account holds the profile',
      facts: facts({ claimedByOther: true }),
      verdict: { error: ErrorCode.ProfileAlreadyClaimed },
    },
    {
      case: 'another account holds the profile and the key is not in the bio',
      facts: facts({ profile: profile('Dance videos daily ✨'), claimedByOther: true }),
      verdict: { outcome: 'NOT_VERIFIED' },
    },
    {
      case: 'verified before, the key since removed from the bio: the creator step is repaired',
      facts: facts({ key: verifiedBefore, profile: profile('Dance videos daily ✨') }),
      verdict: { outcome: 'VERIFIED' },
    },
    {
      case: 'verified before, followers since dropped under 2500',
      facts: facts({ key: verifiedBefore, profile: profile(KEY, 1800) }),
      verdict: { outcome: 'VERIFIED' },
    },
    {
      case: 'checked again once a creator',
      facts: facts({ key: verifiedBefore, isCreator: true }),
      verdict: { outcome: 'VERIFIED' },
    },
    {
      case: 'verified before, the creator step never done, the profile since made a demo account',
      facts: facts({ key: verifiedBefore, claimedByOther: true }),
      verdict: { error: ErrorCode.ProfileAlreadyClaimed },
    },
  ])('$case', ({ facts: known, verdict }) => {
    expect(verificationVerdict(known)).toEqual(verdict);
  });
});

describe('statusOf (the stored key, as the verify screen shows it)', () => {
  it.each<{
    case: string;
    stored: Pick<CreatorVerificationKeyEntity, 'verified' | 'followerCount2500'>;
    status: string;
  }>([
    {
      case: 'generated, not checked yet',
      stored: { verified: null, followerCount2500: null },
      status: 'NOT_VERIFIED_KEY_GENERATED',
    },
    {
      case: 'checked: the key was not in the bio',
      stored: { verified: false, followerCount2500: null },
      status: 'NOT_VERIFIED',
    },
    {
      case: 'checked: under 2500 followers',
      stored: { verified: false, followerCount2500: false },
      status: 'FOLLOWER_UNDER_2500',
    },
    { case: 'verified', stored: { verified: true, followerCount2500: true }, status: 'VERIFIED' },
  ])('$case: $status', ({ stored, status }) => {
    expect(statusOf(stored)).toBe(status);
  });
});
