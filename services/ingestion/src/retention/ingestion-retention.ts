import { Injectable, Logger } from '@nestjs/common';
import type { RetentionPlan } from '@backtalk/kit';
import type { AccountDeletedPayload } from '@backtalk/proto';
import { DataExportProfileRepository } from '../content/data-export-profile.repository';
import { TikTokConnections } from '../tiktok/tiktok-connections';

/**
 * Ingestion's retention plan (docs/retention.md), run by the kit's RetentionJob. When identity's
 * `ingestion.account.deleted` arrives it erases, at once, what ingestion holds of the user: the
 * TikTok connection — its tokens are credentials to the user's TikTok account, which nothing may
 * use after the account is gone — and the profile the user imported from a TikTok data export
 * (account data). A redelivery finds nothing to erase. A creator's posts, covers and embeddings
 * follow the creators service's retention instead; the kit's own step removes old dead letters.
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
  };

  readonly steps = [];

  constructor(
    private readonly connections: TikTokConnections,
    private readonly dataExports: DataExportProfileRepository,
  ) {}
}
