/**
 * The moderation port (docs/safety.md, "Moderation"): one interface, providers chosen by
 * configuration, and below every provider a floor that needs no model. chat-inference applies it
 * to every fan message and every reply.
 */

/** Which way a text goes: a fan's message to the persona, or the persona's reply to the fan. */
export type ModerationDirection = 'fan-message' | 'persona-reply';

/** Who the text is checked for: stricter thresholds and rules for fans under 18. */
export type ModerationAudience = 'minor' | 'adult';

export const MODERATION_CATEGORIES = [
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'hate',
  'harassment',
  'violence',
  'illicit',
  'profanity',
  'boundary',
  /** A reply claiming to be a human being, or the creator in person (docs/safety.md, "Honesty"). */
  'impersonation',
] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

/** A topic the creator forbids (issue 22 item 3), checked as a category where the provider can. */
export interface ModerationBoundary {
  id: string;
  topic: string;
}

export interface ModerationRequest {
  text: string;
  direction: ModerationDirection;
  audience: ModerationAudience;
  /** BCP 47 language of the text, when known. */
  language?: string;
  boundaries?: readonly ModerationBoundary[];
}

export interface ModerationVerdict {
  flagged: boolean;
  categories: ModerationCategory[];
  /** A risk of self-harm or suicide: the crisis card answers, whatever else is flagged. */
  crisis: boolean;
  /** The boundaries the text crosses (ids of the request's boundaries). */
  boundaryIds: string[];
  /** `provider`: the configured moderator decided; `floor`: the word lists did; `failure-policy`: the moderator failed. */
  decidedBy: 'provider' | 'floor' | 'failure-policy';
  /** The configured provider's name (`none` when there is none). */
  provider: string;
}

export interface Moderator {
  readonly name: string;
  check(request: ModerationRequest, signal?: AbortSignal): Promise<ModerationVerdict>;
  /** Gets the provider ready (a local model loads or starts its download); never fails. */
  prepare?(): Promise<void>;
  /** Stops whatever the provider keeps running (a pending retry). */
  close?(): void;
}

/** What a provider answers before the floor and the failure policy are applied. */
export interface ProviderVerdict {
  categories: ModerationCategory[];
  boundaryIds: string[];
}

/** A provider that could not answer (unreachable, timed out, an answer it could not read). */
export class ModerationUnavailableError extends Error {
  constructor(
    readonly provider: string,
    /** Why, in words that never carry the checked text (see failureReason). */
    readonly reason: string,
    /** `known`: the operator has been told already (one warning), so a check need not say it again. */
    readonly options: { known?: boolean } = {},
  ) {
    super(`The ${provider} moderator is unavailable: ${reason}`);
    this.name = 'ModerationUnavailableError';
  }
}

/**
 * Why a call to a provider failed, safe to log: a network error's code or the error's name, never
 * its message (a server may echo the checked text back in it).
 */
export function failureReason(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timed out';
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'an error';
}

/** A moderation provider: one check, no policy of its own. */
export interface ModerationProvider {
  readonly name: string;
  classify(request: ModerationRequest, signal: AbortSignal): Promise<ProviderVerdict>;
  prepare?(): Promise<void>;
  close?(): void;
}

/** Categories that mean a risk of self-harm. */
export const CRISIS_CATEGORIES: readonly ModerationCategory[] = [
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
];
