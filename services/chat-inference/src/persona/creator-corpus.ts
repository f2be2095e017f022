import { Inject, Injectable, Optional } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { type PersonaGetReply, Subjects } from '@backtalk/proto';
import { PostRetriever, rankKnowledgeFirst, type ScoredPost } from '@backtalk/ai';
import { ChatFacts } from './chat-facts';
import type { CreatorPostsCopy } from './creator-posts.copy';
import { CREATOR_POSTS_COPY } from './persona.tokens';

/**
 * A creator's persona and searchable posts, as chat-inference needs them. The
 * post index is only read here: ingestion builds it, so replicas and restarts
 * never rebuild, clear or re-embed anything. A send's persona and the creator's onboarding are this
 * replica's copies (ChatFacts), dropped when creators or billing announce a change.
 */
@Injectable()
export class CreatorCorpus {
  private readonly facts: ChatFacts;

  constructor(
    private readonly client: ServiceClient,
    private readonly retriever: PostRetriever,
    @Inject(CREATOR_POSTS_COPY) private readonly copy: CreatorPostsCopy | null = null,
    // The service's one set of copies; a focused test without it gets its own.
    @Optional() facts?: ChatFacts,
  ) {
    this.facts = facts ?? new ChatFacts(client);
  }

  /**
   * The persona as creators answers it now: for reads that decide who may do what (the creator's
   * own pages, reports, the inbox), which must not act on a copy up to CHAT_FACTS_TTL_SECONDS old.
   */
  persona(creatorId: string): Promise<PersonaGetReply> {
    return this.client.request(Subjects.CreatorsPersonaGet, { creatorId });
  }

  /**
   * This replica's copy of the persona (ChatFacts), for a fan's send: asked once, dropped when
   * creators announces a change (docs/architecture.md, "Facts a send reads from other services").
   */
  personaForSend(creatorId: string): Promise<PersonaGetReply> {
    return this.facts.persona(creatorId);
  }

  /** Billing owns the onboarding state (docs/architecture.md, "One owner per fact"). */
  onboardingComplete(creatorId: string): Promise<boolean> {
    return this.facts.onboardingComplete(creatorId);
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
