import { Inject, Injectable, Logger } from '@nestjs/common';
import { PostRetriever } from '@backtalk/ai';
import { DAY_MS, type ErasureContext, type RetentionPlan } from '@backtalk/kit';
import type { AccountDeletedPayload } from '@backtalk/proto';
import { DataExportProfileRepository } from '../content/data-export-profile.repository';
import { OBJECT_STORAGE, type ObjectStorage } from '../object-storage/object-storage';
import { TikTokConnections } from '../tiktok/tiktok-connections';
import { IngestionRetentionRepository } from './ingestion-retention.repository';

/**
 * A deleted creator's data — covers, caption tracks, avatar, persona material, media and job
 * rows, embeddings, index entries — goes 30 days after the account was deleted, the term of the
 * creator's posts in creators ("after cancellation content is deleted after 30 days", spec §9).
 */
const IngestionTerms = { creatorDataMs: 30 * DAY_MS } as const;

/** The object-storage folders of one creator (docs/creators.md, "Storage layout"). */
const creatorFolders = (creatorId: string) => [`tiktok-data/${creatorId}/`, `customai-kb/${creatorId}/`];

/**
 * Ingestion's retention plan (docs/retention.md), run by the kit's RetentionJob. When identity's
 * `ingestion.account.deleted` arrives it erases, at once, what ingestion holds of the user: the
 * TikTok connection — its tokens are credentials to the user's TikTok account, which nothing may
 * use after the account is gone — and the profile the user imported from a TikTok data export
 * (account data). A redelivery finds nothing to erase. At the creator-data term it erases the
 * creators the user's ingest jobs were for (`ingest_jobs.owner`): their objects and index entries
 * first, then their rows in the erasure's transaction, so a failure leaves the erasure for the next
 * run (deleting objects again is harmless). The kit's own step removes old dead letters.
 */
@Injectable()
export class IngestionRetention implements RetentionPlan {
  private readonly logger = new Logger(IngestionRetention.name);

  readonly accountDeletion = {
    atOnce: async (deleted: AccountDeletedPayload): Promise<void> => {
      await this.connections.erase(deleted.userId);
      const dataExports = await this.dataExports.erase(deleted.userId);
      this.logger.log(
        `Deleted account ${deleted.userId}: its TikTok connection (if any) and ${dataExports} imported data-export profile(s) erased`,
      );
    },
    afterTerm: {
      termMs: IngestionTerms.creatorDataMs,
      counts: ['creatorObjects', 'mediaObjects', 'ingestJobs', 'postEmbeddings'],
      erase: (userId: string, context: ErasureContext) => this.eraseCreatorData(userId, context),
    },
  };

  readonly steps = [];

  constructor(
    private readonly connections: TikTokConnections,
    private readonly dataExports: DataExportProfileRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly retriever: PostRetriever,
    private readonly records: IngestionRetentionRepository,
  ) {}

  private async eraseCreatorData(userId: string, { transaction, count }: ErasureContext): Promise<'erased'> {
    const creatorIds = await this.records.creatorsOf(transaction, userId);
    for (const creatorId of creatorIds) {
      for (const folder of creatorFolders(creatorId))
        count('creatorObjects', await this.storage.deletePrefix(folder));
      await this.retriever.postIndex.removeCreator(creatorId);
    }
    const erased = await this.records.eraseCreatorRows(transaction, userId, creatorIds);
    count('mediaObjects', erased.mediaObjects);
    count('postEmbeddings', erased.postEmbeddings);
    count('ingestJobs', erased.ingestJobs);
    return 'erased';
  }
}
