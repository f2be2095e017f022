import { Injectable } from '@nestjs/common';
import { managerOf, type Transaction } from '@backtalk/kit';
import type { ObjectVersion } from './object-version';
import { storedVersionOf, storeVersion } from './object-version.repository';

/** Processed event ids and subscriptions' versions, in the transaction that applies an event. */
@Injectable()
export class WebhookEventRepository {
  /**
   * Records the event as processed, first thing in the transaction that applies
   * it; false when it already was. A second delivery running at the same time
   * waits on the row and then sees it, so an event takes effect once.
   */
  async markProcessed(transaction: Transaction, eventId: string, type: string): Promise<boolean> {
    const rows = (await managerOf(transaction).query(
      `INSERT INTO processed_webhook_events ("eventId", "type") VALUES ($1, $2)
       ON CONFLICT ("eventId") DO NOTHING RETURNING "eventId"`,
      [eventId, type],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The newest event applied of a Stripe subscription, or null. */
  versionOf(transaction: Transaction, subscriptionId: string): Promise<ObjectVersion | null> {
    return storedVersionOf(managerOf(transaction), subscriptionId);
  }

  /** The caller holds the subscription's lock and decided the event is newer (subscription-state.ts). */
  recordVersion(transaction: Transaction, subscriptionId: string, version: ObjectVersion): Promise<void> {
    return storeVersion(managerOf(transaction), subscriptionId, version);
  }
}
