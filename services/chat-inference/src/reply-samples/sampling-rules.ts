import { REPLY_SAMPLES_PER_FAN_PER_DAY } from '@backtalk/proto';

/** What is known when a reply ends, for the sampling decision. */
export interface SamplingFacts {
  /** The creator chatting with their own persona. */
  ownPersona: boolean;
  /** A guest (no account to keep the opt-out with; their chats move or expire). */
  guest: boolean;
  /** Under 18 or of unknown age (the safer reading, as for memory). */
  minor: boolean;
  /** The fan turned sampling off. */
  optedOut: boolean;
  /** The reply was stored complete and shown as the model wrote it (not failed, not replaced by moderation). */
  replyShown: boolean;
  /** Samples already kept today (UTC) of this fan's replies from this creator. */
  sampledToday: number;
}

export type SamplingDecision =
  | { sample: true }
  | {
      sample: false;
      reason: 'own-persona' | 'guest' | 'minor' | 'opted-out' | 'not-shown' | 'daily-limit';
    };

/**
 * Whether a reply that just ended is kept for the creator's review (docs/creators.md, "Sampled
 * replies"). Deterministic — the first REPLY_SAMPLES_PER_FAN_PER_DAY shown replies of each adult,
 * signed-in fan who did not opt out, per creator and UTC day — so tests can say which are kept.
 */
export function samplingDecision(facts: SamplingFacts): SamplingDecision {
  const refused = refusedByWhoAsked(facts);
  if (refused) return refused;
  if (facts.optedOut) return { sample: false, reason: 'opted-out' };
  if (!facts.replyShown) return { sample: false, reason: 'not-shown' };
  if (facts.sampledToday >= REPLY_SAMPLES_PER_FAN_PER_DAY) return { sample: false, reason: 'daily-limit' };
  return { sample: true };
}

/**
 * The refusals the send already knows, before anything is read: the creator's own chat, a guest,
 * a minor. samplingDecision gives these first, so a reply refused here needs no look-up (and
 * nothing scrubbed): most replies end here.
 */
export function refusedByWhoAsked(
  facts: Pick<SamplingFacts, 'ownPersona' | 'guest' | 'minor'>,
): (SamplingDecision & { sample: false }) | null {
  if (facts.ownPersona) return { sample: false, reason: 'own-persona' };
  if (facts.guest) return { sample: false, reason: 'guest' };
  if (facts.minor) return { sample: false, reason: 'minor' };
  return null;
}

/** The UTC day of `at`, as the `day` column stores it. */
export function samplingDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
