import { Injectable, Logger } from '@nestjs/common';
import { DurableHandler, type DurableHandlerOf } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { DataExportProfileRepository } from '../content/data-export-profile.repository';
import { TikTokConnections } from '../tiktok/tiktok-connections';

/**
 * Takes identity's `ingestion.account.deleted` (durably) and erases, at once, what ingestion holds
 * of the user: the TikTok connection — its tokens are credentials to the user's TikTok account,
 * which nothing may use after the account is gone — and the profile the user imported from a
 * TikTok data export (account data; docs/retention.md). A redelivery finds nothing to erase.
 * A creator's posts, covers and embeddings follow the creators service's retention instead.
 */
@Injectable()
export class AccountErasure {
  private readonly logger = new Logger(AccountErasure.name);

  constructor(
    private readonly connections: TikTokConnections,
    private readonly dataExports: DataExportProfileRepository,
  ) {}

  @DurableHandler(DurableSubjects.IngestionAccountDeleted)
  async accountDeleted(
    ...[deleted]: Parameters<DurableHandlerOf<typeof DurableSubjects.IngestionAccountDeleted>>
  ): Promise<void> {
    await this.connections.erase(deleted.userId);
    const dataExports = await this.dataExports.erase(deleted.userId);
    this.logger.log(
      `Deleted account ${deleted.userId}: its TikTok connection (if any) and ${dataExports} imported data-export profile(s) erased`,
    );
  }
}
