import { Injectable, Logger } from '@nestjs/common';
import { DAY_MS, DurableQueue, type ErasureContext, type RetentionPlan, ServiceClient } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { announcePersonaChanged } from '../creator/persona-changed.announcement';
import { announcePostsChanged } from '../post/posts-changed.announcement';
import { CreatorsRetentionRepository } from './creators-retention.repository';

/**
 * Creators' retention terms (docs/retention.md): a cancelled creator's content — the
 * creator record, posts, prompt versions, init status — and any user's verification
 * keys are deleted 30 days after the account was deleted ("after cancellation content is
 * deleted after 30 days", spec §9 Terms; within the Privacy Policy's 60 for account data).
 */
const CreatorsTerms = { cancelledContentMs: 30 * DAY_MS } as const;

/**
 * Creators' retention plan, run by the kit's RetentionJob. A creator goes in two runs: first its
 * posts (and prompts, keys, status), announced (`announcePostsChanged`) once that committed,
 * so ingestion drops them from the post index and its embeddings while the creator can still be
 * asked about; then, on the next run, the creator record itself.
 */
@Injectable()
export class CreatorsRetention implements RetentionPlan {
  private readonly logger = new Logger(CreatorsRetention.name);

  readonly accountDeletion = {
    afterTerm: {
      termMs: CreatorsTerms.cancelledContentMs,
      counts: ['creators', 'posts'],
      erase: (userId: string, context: ErasureContext) => this.eraseUser(userId, context),
    },
  };

  readonly steps = [];

  constructor(
    private readonly client: ServiceClient,
    private readonly queue: DurableQueue,
    private readonly records: CreatorsRetentionRepository,
  ) {}

  private async eraseUser(
    userId: string,
    { transaction, count, afterCommit }: ErasureContext,
  ): Promise<'erased' | 'next-run'> {
    const ids = await this.records.creatorsOf(transaction, userId);
    const posts = await this.records.eraseContent(transaction, userId, ids);
    count('posts', posts);
    if (posts > 0) {
      // The creator record stays one more run, so ingestion can still list its (now no) posts.
      // Not announced (the queue away): ingestion's hourly reconcile removes them from the index.
      const announcer = { queue: this.queue, client: this.client, logger: this.logger };
      for (const creatorId of ids)
        afterCommit(() =>
          announcePostsChanged(announcer, creatorId, 'erased').catch((error: unknown) =>
            this.logger.warn(`Could not announce removed posts: ${String(error)}`),
          ),
        );
      return 'next-run';
    }
    count('creators', await this.records.eraseCreators(transaction, userId));
    // Reports about the persona and its pause (chat-inference's) name the creator too (docs/safety.md).
    for (const creatorId of ids)
      afterCommit(() =>
        this.queue
          .publish(
            DurableSubjects.ChatInferenceCreatorErased,
            { creatorId },
            { dedupeId: `creator-erased:${creatorId}` },
          )
          .then(
            () => undefined,
            (error: unknown) => this.logger.warn(`Could not announce an erased creator: ${String(error)}`),
          ),
      );
    // chat-inference's replicas drop their copies of the persona (docs/architecture.md).
    for (const creatorId of ids) afterCommit(() => announcePersonaChanged(this.queue, creatorId));
    return 'erased';
  }
}
