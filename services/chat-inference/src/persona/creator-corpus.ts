import { Inject, Injectable } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { type PersonaGetReply, Subjects } from '@backtalk/proto';
import { PostRetriever, rankKnowledgeFirst, type ScoredPost } from '@backtalk/ai';
import type { CreatorPostsCopy } from './creator-posts.copy';
import { CREATOR_POSTS_COPY } from './persona.tokens';

/**
 * A creator's persona and searchable posts, as chat-inference needs them. The
 * post index is only read here: ingestion builds it, so replicas and restarts
 * never rebuild, clear or re-embed anything.
 */
@Injectable()
export class CreatorCorpus {
  constructor(
    private readonly client: ServiceClient,
    private readonly retriever: PostRetriever,
    @Inject(CREATOR_POSTS_COPY) private readonly copy: CreatorPostsCopy | null = null,
  ) {}

  persona(creatorId: string): Promise<PersonaGetReply> {
    return this.client.request(Subjects.CreatorsPersonaGet, { creatorId });
  }

  /** Billing owns the onboarding state (docs/architecture.md, "One owner per fact"). */
  async onboardingComplete(creatorId: string): Promise<boolean> {
    const { payments } = await this.client.request(Subjects.BillingCreatorPaymentGet, {
      creatorIds: [creatorId],
    });
    return payments[0]?.onboardingComplete ?? false;
  }

  /**
   * Reads the index; building it is ingestion's job (on creators.posts.changed and at its start).
   * A corrected answer to the question leads (docs/creators.md, "Knowledge"): twice as many are
   * read so one ranked low still makes the cut.
   */
  async search(persona: PersonaGetReply, question: string, limit: number): Promise<ScoredPost[]> {
    await this.copy?.ensure(persona);
    return rankKnowledgeFirst(
      question,
      await this.retriever.retrieve(persona.creatorId, question, limit * 2),
      limit,
    );
  }
}
