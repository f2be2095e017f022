import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InMemoryPostIndex, PostRetriever } from '@backtalk/ai';
import { afterStartup, ServiceClient } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { IndexCreatorPosts, type IndexCreatorPostsResult } from './index-creator-posts.use-case';

const RETRY_MS = 5_000;

/**
 * Ingestion's side of the post index: it indexes a creator whenever the
 * creators service says their posts changed, one run per creator at a time,
 * and at start fills every creator the index has nothing for, from the posts
 * and the embeddings stored in PostgreSQL. It never clears the index.
 *
 * The fill at start is start-up work (`afterStartup`): it runs once the host
 * process is ready, not while the other services start. Searches of the
 * in-process index wait for its first attempt, so a chat asked meanwhile is
 * still answered from the creator's posts.
 */
@Injectable()
export class PostIndexBuilder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PostIndexBuilder.name);
  private readonly queues = new Map<string, Promise<unknown>>();
  private retryTimer?: NodeJS.Timeout;
  private stopped = false;
  private endSearchHold?: () => void;
  private stopListening?: () => void;

  constructor(
    private readonly client: ServiceClient,
    private readonly retriever: PostRetriever,
    private readonly indexPosts: IndexCreatorPosts,
  ) {}

  /** Indexes one creator after any run for them already under way (a later event sees later posts). */
  indexCreator(creatorId: string, options: { embed?: boolean } = {}): Promise<IndexCreatorPostsResult> {
    const previous = this.queues.get(creatorId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.indexPosts.execute(creatorId, options));
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(creatorId, settled);
    void settled.then(() => {
      if (this.queues.get(creatorId) === settled) this.queues.delete(creatorId);
    });
    return run;
  }

  /**
   * Indexes every creator the index holds no posts for, from their stored
   * vectors, without calling the embedding model (searches wait for this fill);
   * posts without a stored vector are embedded afterwards (`embedMissing`).
   * Returns how many were filled.
   */
  async fillMissing(): Promise<number> {
    const { creators } = await this.client.request(Subjects.CreatorsCreatorList, {});
    let filled = 0;
    const withoutVectors: string[] = [];
    for (const creator of creators) {
      if (this.stopped) break;
      if ((await this.retriever.postIndex.count(creator.id)) > 0) continue;
      const result = await this.indexCreator(creator.id, { embed: false });
      if (result.withoutVector > 0) withoutVectors.push(creator.id);
      filled++;
    }
    // After the hold on searches ends: one creator at a time, while chats are answered.
    if (withoutVectors.length > 0) setImmediate(() => void this.embedMissing(withoutVectors));
    return filled;
  }

  /**
   * Schedules the fill at start. Standalone mode: the launcher runs it after
   * the gateway listens, and until its first attempt has settled searches of the
   * shared in-process index wait (a Qdrant index is kept across restarts, and
   * other processes read it, so nothing waits there). In a cluster creators
   * may not answer yet: then the fill retries in the background.
   */
  onApplicationBootstrap(): void {
    const firstAttempt = new Promise<void>((resolve) => {
      this.endSearchHold = resolve;
      afterStartup(() => (this.stopped ? Promise.resolve() : this.fillOrRetry()).finally(resolve));
    });
    const index = this.retriever.postIndex;
    if (index instanceof InMemoryPostIndex) index.holdSearchesUntil(firstAttempt);
    // Posts indexed while the embedding model was missing get their vectors once it loads.
    this.stopListening = this.retriever.onEmbeddingsRecovered(() => void this.embedMissing());
  }

  /**
   * Re-indexes these creators (every creator when not given): stored vectors are
   * reused, posts without one are embedded.
   */
  async embedMissing(creatorIds?: readonly string[]): Promise<void> {
    try {
      const ids =
        creatorIds ??
        (await this.client.request(Subjects.CreatorsCreatorList, {})).creators.map((creator) => creator.id);
      let embedded = 0;
      for (const id of ids) {
        if (this.stopped) return;
        embedded += (await this.indexCreator(id)).embedded;
      }
      if (embedded > 0)
        this.logger.log(`Embedded ${embedded} posts that had no vector, of ${ids.length} creators`);
    } catch (error) {
      if (!this.stopped)
        this.logger.warn(`Could not embed the posts indexed without the model: ${(error as Error).message}`);
    }
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    this.stopListening?.();
    clearTimeout(this.retryTimer);
    this.endSearchHold?.();
  }

  private async fillOrRetry(): Promise<void> {
    try {
      const filled = await this.fillMissing();
      if (filled > 0) this.logger.log(`Filled the post index for ${filled} creators`);
    } catch (error) {
      if (this.stopped) return;
      this.logger.warn(
        `Could not fill the post index yet (${(error as Error).message}); trying again in ${RETRY_MS / 1000} s`,
      );
      this.retryTimer = setTimeout(() => void this.fillOrRetry(), RETRY_MS);
      this.retryTimer.unref();
    }
  }
}
