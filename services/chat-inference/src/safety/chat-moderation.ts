import { createModerator, modelsDirOf } from '@backtalk/ai';
import { afterStartup } from '@backtalk/kit';
import { Inject, Injectable, Logger, Optional, type Provider } from '@nestjs/common';
import type { Actor } from '@backtalk/proto';
import { ChatInferenceConfig } from '../chat-inference.config';
import type { StoredVerdict } from '../conversation/message.repository';
import type { PersonaBoundary } from './boundary-decline';
import {
  BOUNDARY_JUDGE,
  type ChatBoundaryJudge,
  judgeBoundaries,
  moderatorTakesBoundaries,
} from './boundary-check';
import { ModeratedReply, type ReplyCheck } from './moderated-reply';

/** Who a fan's messages are moderated for: stricter rules for minors (docs/safety.md, "Audience"). */
export type Audience = 'minor' | 'adult';

interface ModerationRequest {
  text: string;
  direction: 'fan-message' | 'persona-reply';
  audience: Audience;
  /** Creator boundaries, for a moderator that takes them as categories (moderatorTakesBoundaries). */
  boundaries?: readonly { id: string; topic: string }[];
}

interface ModerationVerdict {
  flagged: boolean;
  /** Self-harm or suicide risk: the crisis card answers instead of the persona. */
  crisis: boolean;
  categories: string[];
  decidedBy: string;
  /** The configured provider's name, when `decidedBy` is `provider`. */
  provider?: string;
  boundaryIds?: string[];
}

/** The moderation port of `@backtalk/ai` as the chat uses it. */
export interface ChatModerator {
  readonly name?: string;
  check(request: ModerationRequest): Promise<ModerationVerdict>;
}

/** The configured moderator; absent, nothing is checked (docs/safety.md). */
const MODERATOR = Symbol('backtalk:moderator');

/**
 * The moderator of MODERATION_PROVIDER, with the floor under it; `none` keeps the floor alone and
 * says so once at start (docs/safety.md, "Moderation"). A local model is loaded, or its download
 * started, after start-up: never in its way (docs/safety.md, "The local moderator").
 */
export const moderatorProvider: Provider = {
  provide: MODERATOR,
  inject: [ChatInferenceConfig],
  useFactory: (config: ChatInferenceConfig): ChatModerator => {
    if (config.MODERATION_PROVIDER === 'none')
      new Logger(ChatModeration.name).warn(
        'MODERATION_PROVIDER=none: fan messages and replies are checked by the floor alone (crisis signals, sexual talk involving minors, profanity to minors); set a moderator before launch (docs/safety.md)',
      );
    const moderator = createModerator(config, modelsDirOf(config));
    afterStartup(async () => {
      await moderator.prepare?.();
    });
    return moderator;
  },
};

/**
 * The audience for an access token's age band: adult only when the band says 18 or over. A fan
 * whose band is unknown (a token from before age bands, a guest who has not confirmed one) gets
 * the minors' rules — the safer mistake (docs/safety.md, "Audience").
 */
export function audienceOf(ageBand: string | undefined): Audience {
  return ageBand === 'adult' || ageBand === '18+' ? 'adult' : 'minor';
}

/** The audience of the fan an access token names (its age band, once identity puts one there). */
export function audienceOfActor(actor: Actor): Audience {
  return audienceOf('ageBand' in actor && typeof actor.ageBand === 'string' ? actor.ageBand : undefined);
}

/** What moderation decided about a fan message before the model sees it. */
/** Who decided, as stored and logged: the provider by name (`openai`, `local`…), else `floor` or `failure-policy`. */
export function deciderOf(verdict: Pick<ModerationVerdict, 'decidedBy' | 'provider'>): string {
  return verdict.decidedBy === 'provider' && verdict.provider ? verdict.provider : verdict.decidedBy;
}

export interface FanMessageDecision {
  /** Stored with the message; null when nothing checked it. */
  verdict: StoredVerdict | null;
  /** Held back from the model, and what answers it instead; null: the model answers. */
  heldFor: 'safety-notice' | 'crisis-care' | null;
}

/**
 * Moderation of both directions of the chat (docs/safety.md, "Moderation in the chat"): every
 * fan message before the model sees it, and every reply, piece by piece, before the fan does.
 * Decisions are logged without text.
 */
@Injectable()
export class ChatModeration {
  private readonly logger = new Logger(ChatModeration.name);

  constructor(
    @Optional() @Inject(MODERATOR) private readonly moderator: ChatModerator | null = null,
    @Optional() @Inject(BOUNDARY_JUDGE) private readonly judge: ChatBoundaryJudge | null = null,
  ) {}

  async checkFanMessage(text: string, audience: Audience): Promise<FanMessageDecision> {
    if (!this.moderator) return { verdict: null, heldFor: null };
    const verdict = await this.moderator.check({ text, direction: 'fan-message', audience });
    const heldFor = verdict.crisis ? 'crisis-care' : verdict.flagged ? 'safety-notice' : null;
    if (heldFor) {
      this.logger.log(
        `Held a fan message back from the model (${heldFor}): ${verdict.categories.join(', ') || 'no category'}, decided by ${deciderOf(verdict)}`,
      );
    }
    return {
      verdict: { flagged: heldFor !== null, categories: verdict.categories, decidedBy: deciderOf(verdict) },
      heldFor,
    };
  }

  /**
   * The reply's way to the fan: through the moderator and the creator's boundaries in checked
   * pieces (ModeratedReply), or straight to `show` when nothing checks it.
   */
  reply(
    audience: Audience,
    show: (piece: string) => void,
    boundaries: readonly PersonaBoundary[] = [],
  ): ModeratedReply | null {
    const moderator = this.moderator;
    if (!moderator && (!this.judge || boundaries.length === 0)) return null;
    return new ModeratedReply((text) => this.checkReplyPiece(moderator, text, audience, boundaries), show);
  }

  /**
   * One piece of a reply: the moderator and the boundaries at once — as the moderator's custom
   * categories where it takes them, else through the judge (docs/safety.md, "Creator boundaries").
   */
  private async checkReplyPiece(
    moderator: ChatModerator | null,
    text: string,
    audience: Audience,
    boundaries: readonly PersonaBoundary[],
  ): Promise<ReplyCheck> {
    const viaModerator = moderatorTakesBoundaries(moderator?.name);
    const [verdict, finding] = await Promise.all([
      moderator?.check({
        text,
        direction: 'persona-reply',
        audience,
        ...(viaModerator && boundaries.length > 0 ? { boundaries } : {}),
      }),
      judgeBoundaries(viaModerator ? null : this.judge, text, boundaries),
    ]);
    const known = new Set(boundaries.map((boundary) => boundary.id));
    const boundaryIds = [...new Set([...(verdict?.boundaryIds ?? []), ...finding.crossedIds])].filter((id) =>
      known.has(id),
    );
    const crossed = boundaryIds.length > 0 || finding.judgeFailed;
    if (finding.judgeFailed)
      this.logger.warn('The boundary judge could not check a piece of a reply: it counts as crossing');
    return {
      flagged: (verdict?.flagged ?? false) || crossed,
      categories: [...new Set([...(verdict?.categories ?? []), ...(crossed ? ['boundary'] : [])])],
      decidedBy: verdict?.flagged
        ? deciderOf(verdict)
        : finding.judgeFailed
          ? 'boundary-judge-failure'
          : crossed && !viaModerator
            ? 'boundary-judge'
            : verdict
              ? deciderOf(verdict)
              : 'none',
      ...(boundaryIds.length > 0 ? { boundaryIds } : {}),
    };
  }

  /** A reply was replaced: logged without its text. */
  replaced(messageId: string, verdict: ReplyCheck): void {
    this.logger.warn(
      `Replaced reply ${messageId} with a safe message: ${verdict.categories.join(', ') || 'no category'}, decided by ${verdict.decidedBy}`,
    );
  }
}
