import { Injectable, Logger } from '@nestjs/common';
import { errorMessage } from '@backtalk/ai';
import { ForbiddenError, NotFoundError } from '@backtalk/kit';
import { type Actor, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { scrubPersonalData } from '../insights/scrub';
import { CreatorCorpus } from '../persona/creator-corpus';
import { audienceOfActor } from '../safety/chat-moderation';
import { ReplySamplesRepository } from './reply-samples.repository';

/** How much of a sampled reply is kept (a question keeps insights' 500). */
const SAMPLED_REPLY_MAX_LENGTH = 2000;

/**
 * Sampled replies (issue 23 item 4; docs/creators.md, "Sampled replies"): when a persona's reply
 * to a fan completes, a few a day per fan are kept, anonymised, for the creator to review on
 * /creator/preview; the fan may turn it off. chat-inference owns them (conversation data).
 */
@Injectable()
export class ReplySampling {
  private readonly logger = new Logger(ReplySampling.name);

  constructor(
    private readonly samples: ReplySamplesRepository,
    private readonly corpus: CreatorCorpus,
  ) {}

  /** Called when a reply ends; a failure is logged, never the fan's problem. */
  async afterReply(
    actor: Actor,
    persona: { creatorId: string; userId: string | null },
    userMessageId: string,
    messageId: string,
  ): Promise<void> {
    try {
      await this.samples.sampleIfAllowed({
        creatorId: persona.creatorId,
        fanId: actor.userId,
        userMessageId,
        messageId,
        facts: {
          ownPersona: persona.userId === actor.userId,
          guest: actor.userType === 'guest',
          minor: audienceOfActor(actor) === 'minor',
        },
        scrub: (text) => scrubPersonalData(text, SAMPLED_REPLY_MAX_LENGTH),
      });
    } catch (error) {
      this.logger.warn(`Could not sample reply ${messageId}: ${errorMessage(error)}`);
    }
  }

  async list({
    actor,
    creatorId,
  }: ParsedRequestOf<typeof Subjects.ChatReplySampleList>): Promise<
    ReplyOf<typeof Subjects.ChatReplySampleList>
  > {
    await this.authorize(actor, creatorId);
    return this.samples.list(creatorId);
  }

  async rate({
    actor,
    creatorId,
    sampleId,
    rating,
  }: ParsedRequestOf<typeof Subjects.ChatReplySampleRate>): Promise<
    ReplyOf<typeof Subjects.ChatReplySampleRate>
  > {
    await this.authorize(actor, creatorId);
    if (!(await this.samples.rate(creatorId, sampleId, rating)))
      throw new NotFoundError('This reply is no longer available. Reload the list.');
    return this.samples.list(creatorId);
  }

  async setting({
    actor,
  }: ParsedRequestOf<typeof Subjects.ChatReplySamplingGet>): Promise<
    ReplyOf<typeof Subjects.ChatReplySamplingGet>
  > {
    return { sampled: !(await this.samples.optedOut(actor.userId)) };
  }

  async setSetting({
    actor,
    sampled,
  }: ParsedRequestOf<typeof Subjects.ChatReplySamplingSet>): Promise<
    ReplyOf<typeof Subjects.ChatReplySamplingSet>
  > {
    await this.samples.setSampled(actor.userId, sampled);
    return { sampled };
  }

  /** The creator's own user only (no admin: these are the creator's review, not moderation's). */
  private async authorize(actor: Actor, creatorId: string): Promise<void> {
    // CREATOR_NOT_FOUND for an unknown creator comes from creators.
    const persona = await this.corpus.persona(creatorId);
    if (persona.userId !== actor.userId)
      throw new ForbiddenError('You can only review replies of your own persona.');
  }
}
