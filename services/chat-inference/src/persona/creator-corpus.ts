import { Injectable, Logger } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { type PersonaGetReply, Subjects } from '@backtalk/proto';
import { PostRetriever, type ScoredPost } from '@backtalk/ai';

/**
 * A creator's persona and searchable posts, as chat-inference needs them.
 * Posts come from the creators service and are (re)indexed whenever that
 * creator's posts version changes; concurrent callers share one rebuild.
 */
@Injectable()
export class CreatorCorpus {
  private readonly logger = new Logger(CreatorCorpus.name);
  private readonly indexedVersions = new Map<string, string>();
  private readonly rebuilding = new Map<string, Promise<void>>();

  constructor(
    private readonly client: ServiceClient,
    private readonly retriever: PostRetriever,
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

  async search(persona: PersonaGetReply, question: string, limit: number): Promise<ScoredPost[]> {
    await this.ensureIndexed(persona);
    return this.retriever.retrieve(persona.creatorId, question, limit);
  }

  private async ensureIndexed(persona: PersonaGetReply): Promise<void> {
    if (this.indexedVersions.get(persona.creatorId) === persona.postsVersion) return;
    const key = `${persona.creatorId}@${persona.postsVersion}`;
    let pending = this.rebuilding.get(key);
    if (!pending) {
      pending = this.rebuild(persona).finally(() => this.rebuilding.delete(key));
      this.rebuilding.set(key, pending);
    }
    await pending;
  }

  private async rebuild(persona: PersonaGetReply): Promise<void> {
    const started = Date.now();
    const { posts } = await this.client.request(Subjects.CreatorsPostList, {
      creatorId: persona.creatorId,
      withTranscripts: true,
    });
    await this.retriever.rebuildCreator(
      persona.creatorId,
      posts.map((post) => ({
        postId: post.id,
        creatorId: post.creatorId,
        caption: post.caption,
        desc: post.desc,
        transcript: post.transcript,
        tikTokCreatedAt: post.tikTokCreatedAt,
        url: post.videoUrl,
      })),
    );
    this.indexedVersions.set(persona.creatorId, persona.postsVersion);
    this.logger.log(`Indexed ${posts.length} posts of @${persona.handle} in ${Date.now() - started} ms`);
  }
}
