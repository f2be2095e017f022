import { Logger } from '@nestjs/common';
import { type PostDocument, type PostIndex, postDocumentOf, syncPostIndex } from '@backtalk/ai';
import { type ServiceClient, ServiceError } from '@backtalk/kit';
import { ErrorCode, type PersonaGetReply, Subjects } from '@backtalk/proto';

/**
 * What one post is taken to cost in memory: its text twice in UTF-16 (the stored post and the
 * lexical index built from it on the creator's first search) plus the objects around it. An
 * approximation, for a budget, not a measurement.
 */
export function approximatePostBytes(post: PostDocument): number {
  const chars =
    post.postId.length +
    post.creatorId.length +
    (post.caption?.length ?? 0) +
    (post.desc?.length ?? 0) +
    (post.transcript?.length ?? 0) +
    post.tikTokCreatedAt.length +
    post.url.length;
  return 2 * 2 * chars + POST_OVERHEAD_BYTES;
}
const POST_OVERHEAD_BYTES = 400;

interface HeldCreator {
  postsVersion: string;
  bytes: number;
}

/**
 * Cluster mode without Qdrant: ingestion runs in another process, so the index
 * it builds is out of this process's reach. Chat-inference then keeps its own
 * private, lexical copy of each creator's posts, read from creators when first
 * needed and again when the creator's posts version changes. The copy is this
 * process's alone (no other replica reads or writes it) and the embedding model
 * is never called for it.
 *
 * It is bounded: past `maxBytes` (approximate, `approximatePostBytes`), the creators chatted with
 * least recently leave it (their next chat reads them again). A creator whose posts are gone, or
 * whom creators no longer has, leaves it when `creators.posts.changed` says so (`changed`).
 */
export class CreatorPostsCopy {
  private readonly logger = new Logger(CreatorPostsCopy.name);
  /** In the order they were last used, least recent first. */
  private readonly creators = new Map<string, HeldCreator>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Loads under way per creator: such a creator is not evicted while its posts are written. */
  private readonly writing = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly client: ServiceClient,
    private readonly index: PostIndex,
    private readonly maxBytes: number,
  ) {}

  /** Approximate bytes of every creator held. */
  get bytes(): number {
    return this.total;
  }

  /** The creators held, least recently used first, with their approximate bytes. */
  held(): { creatorId: string; bytes: number }[] {
    return [...this.creators].map(([creatorId, { bytes }]) => ({ creatorId, bytes }));
  }

  async ensure(persona: PersonaGetReply): Promise<void> {
    const held = this.creators.get(persona.creatorId);
    if (held?.postsVersion === persona.postsVersion) {
      this.creators.delete(persona.creatorId);
      this.creators.set(persona.creatorId, held);
      return;
    }
    const key = `${persona.creatorId}@${persona.postsVersion}`;
    let pending = this.loading.get(key);
    if (!pending) {
      const creatorId = persona.creatorId;
      this.writing.set(creatorId, (this.writing.get(creatorId) ?? 0) + 1);
      pending = this.load(persona).finally(() => {
        this.loading.delete(key);
        const left = (this.writing.get(creatorId) ?? 1) - 1;
        if (left > 0) this.writing.set(creatorId, left);
        else this.writing.delete(creatorId);
      });
      this.loading.set(key, pending);
    }
    await pending;
  }

  /**
   * `creators.posts.changed`: a creator this copy holds is read again now, and leaves it when it
   * has no posts any more (retention removed them) or creators no longer has it.
   */
  async changed(creatorId: string): Promise<void> {
    if (!this.creators.has(creatorId)) return;
    let persona: PersonaGetReply;
    try {
      persona = await this.client.request(Subjects.CreatorsPersonaGet, { creatorId });
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.CreatorNotFound) {
        await this.drop(creatorId);
        return;
      }
      throw error;
    }
    await this.ensure(persona);
  }

  private async load(persona: PersonaGetReply): Promise<void> {
    const { posts } = await this.client.request(Subjects.CreatorsPostList, {
      creatorId: persona.creatorId,
      withTranscripts: true,
    });
    if (posts.length === 0) {
      await this.drop(persona.creatorId);
      return;
    }
    const docs = posts.map(postDocumentOf);
    await syncPostIndex(this.index, persona.creatorId, docs);
    const bytes = docs.reduce((sum, doc) => sum + approximatePostBytes(doc), 0);
    this.forget(persona.creatorId);
    this.creators.set(persona.creatorId, { postsVersion: persona.postsVersion, bytes });
    this.total += bytes;
    this.logger.log(`Copied ${posts.length} posts of @${persona.handle} into this process's index`);
    await this.evictBeyondBudget(persona.creatorId);
  }

  /**
   * Drops the least recently used creators until the copy fits its budget; never `keep` (just
   * read: a creator larger than the budget is still answered from) nor one being written.
   */
  private async evictBeyondBudget(keep: string): Promise<void> {
    for (const creatorId of [...this.creators.keys()]) {
      if (this.total <= this.maxBytes) return;
      if (creatorId !== keep && !this.writing.has(creatorId)) await this.drop(creatorId);
    }
  }

  private async drop(creatorId: string): Promise<void> {
    this.forget(creatorId);
    await this.index.removeCreator(creatorId);
  }

  private forget(creatorId: string): void {
    this.total -= this.creators.get(creatorId)?.bytes ?? 0;
    this.creators.delete(creatorId);
  }
}
