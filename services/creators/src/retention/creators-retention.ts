import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AccountErasures,
  Clock,
  DAY_MS,
  DurableHandler,
  type DurableHandlerOf,
  HourlyRun,
  ServiceClient,
} from '@backtalk/kit';
import { DurableSubjects, Events } from '@backtalk/proto';
import { DataSource } from 'typeorm';

/**
 * Creators' retention terms (docs/retention.md): a cancelled creator's content — the
 * creator record, posts, prompt versions, init status — and any user's verification
 * keys are deleted 30 days after the account was deleted ("after cancellation content is
 * deleted after 30 days", spec §9 Terms; within the Privacy Policy's 60 for account data).
 */
const CreatorsTerms = { cancelledContentMs: 30 * DAY_MS } as const;

export interface CreatorsRetentionRun {
  accountsErased: number;
  creators: number;
  posts: number;
}

/**
 * Takes identity's `creators.account.deleted` durably and erases the user's records when
 * the term ends. A creator goes in two runs: first its posts (and prompts, keys, status),
 * announced as `creators.posts.changed` so ingestion drops them from the post index and
 * its embeddings while the creator can still be asked about; then, on the next run, the
 * creator record itself. At start and hourly, idempotent, one log line per run.
 */
@Injectable()
export class CreatorsRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CreatorsRetention.name);
  private readonly erasures: AccountErasures;
  private readonly hourly = new HourlyRun(
    () => this.run(),
    (error) => this.logger.warn(`Retention run failed, retrying next hour: ${String(error)}`),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly client: ServiceClient,
    private readonly clock: Clock,
  ) {
    this.erasures = new AccountErasures(dataSource);
  }

  @DurableHandler(DurableSubjects.CreatorsAccountDeleted)
  async accountDeleted(
    ...[deleted]: Parameters<DurableHandlerOf<typeof DurableSubjects.CreatorsAccountDeleted>>
  ): Promise<void> {
    await this.erasures.schedule(deleted, CreatorsTerms.cancelledContentMs);
  }

  async run(): Promise<CreatorsRetentionRun> {
    const now = this.clock.now();
    const result: CreatorsRetentionRun = { accountsErased: 0, creators: 0, posts: 0 };
    const emptied: string[] = [];
    for (const { userId } of await this.erasures.due(now)) {
      // First run: the content. The creator record stays one more run, so ingestion can
      // still list its (now no) posts and drop them from the index.
      const { creatorIds, posts } = await this.dataSource.transaction(async (manager) => {
        const ids = (
          (await manager.query(`SELECT id FROM creators WHERE "userId" = $1`, [userId])) as { id: string }[]
        ).map((row) => row.id);
        const [, deleted] = (await manager.query(`DELETE FROM posts WHERE "creatorId" = ANY($1::uuid[])`, [
          ids,
        ])) as [unknown, number];
        await manager.query(`DELETE FROM creator_prompt_versions WHERE "creatorId" = ANY($1::uuid[])`, [ids]);
        await manager.query(`DELETE FROM creator_init_statuses WHERE "creatorId" = ANY($1::text[])`, [ids]);
        await manager.query(`DELETE FROM creator_verification_keys WHERE "userId" = $1`, [userId]);
        return { creatorIds: ids, posts: deleted };
      });
      result.posts += posts;
      if (posts > 0) {
        emptied.push(...creatorIds);
        continue;
      }
      const settled = await this.erasures.settle(userId, async (manager) => {
        const [, creators] = (await manager.query(`DELETE FROM creators WHERE "userId" = $1`, [userId])) as [
          unknown,
          number,
        ];
        result.creators += creators;
      });
      if (settled) result.accountsErased += 1;
    }
    for (const creatorId of emptied)
      await this.client
        .emit(Events.CreatorsPostsChanged, { creatorId })
        .catch((error: unknown) => this.logger.warn(`Could not announce removed posts: ${String(error)}`));
    this.logger.log(
      `Retention run at ${now.toISOString()}: ${result.accountsErased} deleted account(s) erased, ${result.creators} creator(s) and ${result.posts} post(s) removed`,
    );
    return result;
  }

  onApplicationBootstrap(): void {
    this.hourly.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.hourly.stop();
  }
}
