import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PostRetriever } from '@backtalk/ai';
import { ServiceClient } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { IndexCreatorPosts } from './index-creator-posts.use-case';

const RETRY_MS = 5_000;

/**
 * Ingestion's side of the post index: it indexes a creator whenever the
 * creators service says their posts changed, one run per creator at a time,
 * and at start fills every creator the index has nothing for, from the posts
 * and the embeddings stored in PostgreSQL. It never clears the index.
 */
@Injectable()
export class PostIndexBuilder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PostIndexBuilder.name);
  private readonly queues = new Map<string, Promise<unknown>>();
  private retryTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly client: ServiceClient,
    private readonly retriever: PostRetriever,
    private readonly indexPosts: IndexCreatorPosts,
  ) {}

  /** Indexes one creator after any run for them already under way (a later event sees later posts). */
  indexCreator(creatorId: string): Promise<void> {
    const previous = this.queues.get(creatorId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.indexPosts.execute(creatorId));
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(creatorId, settled);
    void settled.then(() => {
      if (this.queues.get(creatorId) === settled) this.queues.delete(creatorId);
    });
    return run.then(() => undefined);
  }

  /** Indexes every creator the index holds no posts for. Returns how many were filled. */
  async fillMissing(): Promise<number> {
    const { creators } = await this.client.request(Subjects.CreatorsCreatorList, {});
    let filled = 0;
    for (const creator of creators) {
      if (this.stopped) break;
      if ((await this.retriever.postIndex.count(creator.id)) > 0) continue;
      await this.indexCreator(creator.id);
      filled++;
    }
    return filled;
  }

  /**
   * Standalone mode: creators starts (and seeds the demo creators) before
   * ingestion, so the index is full when the process reports ready. In a cluster
   * creators may not answer yet: then this retries in the background.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.fillOrRetry();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
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
