import { Injectable, Logger } from '@nestjs/common';
import { DurableHandler, type DurableHandlerOf } from '@backtalk/kit';
import { DurableSubjects } from '@backtalk/proto';
import { TikTokConnections } from './tiktok-connections';

/**
 * Takes identity's `ingestion.account.deleted` (durably) and erases the user's TikTok
 * connection at once: its tokens are credentials to the user's TikTok account, which nothing
 * may use after the account is gone (docs/retention.md). A redelivery finds nothing to erase.
 */
@Injectable()
export class TikTokErasure {
  private readonly logger = new Logger(TikTokErasure.name);

  constructor(private readonly connections: TikTokConnections) {}

  @DurableHandler(DurableSubjects.IngestionAccountDeleted)
  async accountDeleted(
    ...[deleted]: Parameters<DurableHandlerOf<typeof DurableSubjects.IngestionAccountDeleted>>
  ): Promise<void> {
    await this.connections.erase(deleted.userId);
    this.logger.log(`The TikTok connection of deleted account ${deleted.userId} (if any) is erased`);
  }
}
