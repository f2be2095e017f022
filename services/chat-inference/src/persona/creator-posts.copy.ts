import { Logger } from '@nestjs/common';
import { type PostIndex, postDocumentOf, syncPostIndex } from '@backtalk/ai';
import type { ServiceClient } from '@backtalk/kit';
import { type PersonaGetReply, Subjects } from '@backtalk/proto';

/**
 * Cluster mode without Qdrant: ingestion runs in another process, so the index
 * it builds is out of this process's reach. Chat-inference then keeps its own
 * private, lexical copy of each creator's posts, read from creators when first
 * needed and again when the creator's posts version changes. The copy is this
 * process's alone (no other replica reads or writes it) and the embedding model
 * is never called for it.
 */
export class CreatorPostsCopy {
  private readonly logger = new Logger(CreatorPostsCopy.name);
  private readonly versions = new Map<string, string>();
  private readonly loading = new Map<string, Promise<void>>();

  constructor(
    private readonly client: ServiceClient,
    private readonly index: PostIndex,
  ) {}

  async ensure(persona: PersonaGetReply): Promise<void> {
    if (this.versions.get(persona.creatorId) === persona.postsVersion) return;
    const key = `${persona.creatorId}@${persona.postsVersion}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(persona).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    await pending;
  }

  private async load(persona: PersonaGetReply): Promise<void> {
    const { posts } = await this.client.request(Subjects.CreatorsPostList, {
      creatorId: persona.creatorId,
      withTranscripts: true,
    });
    await syncPostIndex(this.index, persona.creatorId, posts.map(postDocumentOf));
    this.versions.set(persona.creatorId, persona.postsVersion);
    this.logger.log(`Copied ${posts.length} posts of @${persona.handle} into this process's index`);
  }
}
