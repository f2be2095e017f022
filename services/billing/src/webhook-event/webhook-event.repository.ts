import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ObjectVersion } from './object-version';
import { storedVersionOf, storeVersion } from './object-version.repository';

/** Processed event ids, object versions and the onboarding fact an event changes, all in one transaction. */
@Injectable()
export class WebhookEventRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Records the event as processed, first thing in the transaction that applies
   * it; false when it already was. A second delivery running at the same time
   * waits on the row and then sees it, so an event takes effect once.
   */
  async markProcessed(db: EntityManager, eventId: string, type: string): Promise<boolean> {
    const rows = (await db.query(
      `INSERT INTO processed_webhook_events ("eventId", "type") VALUES ($1, $2)
       ON CONFLICT ("eventId") DO NOTHING RETURNING "eventId"`,
      [eventId, type],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The newest event applied of a Stripe subscription, or null. */
  versionOf(db: EntityManager, subscriptionId: string): Promise<ObjectVersion | null> {
    return storedVersionOf(db, subscriptionId);
  }

  /** The caller holds the subscription's lock and decided the event is newer (subscription-state.ts). */
  recordVersion(db: EntityManager, subscriptionId: string, version: ObjectVersion): Promise<void> {
    return storeVersion(db, subscriptionId, version);
  }

  /**
   * Moves an account's version to this event, unless an event created later
   * (or in the same second, further along: higher rank) was applied already.
   * False means the event is older than the account's known state.
   */
  async advanceVersion(db: EntityManager, objectId: string, created: Date, rank: number): Promise<boolean> {
    const rows = (await db.query(
      `INSERT INTO stripe_object_versions ("objectId", "eventCreated", "rank") VALUES ($1, $2, $3)
       ON CONFLICT ("objectId") DO UPDATE SET "eventCreated" = EXCLUDED."eventCreated", "rank" = EXCLUDED."rank"
       WHERE stripe_object_versions."eventCreated" < EXCLUDED."eventCreated"
          OR (stripe_object_versions."eventCreated" = EXCLUDED."eventCreated"
              AND stripe_object_versions."rank" <= EXCLUDED."rank")
       RETURNING "objectId"`,
      [objectId, created, rank],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * Spec §4 onboarding state from `account.updated`: complete when Stripe can
   * charge for the account and its details are submitted. False when billing
   * has no such account (yet).
   */
  async setOnboardingComplete(
    db: EntityManager,
    stripeAccountId: string,
    complete: boolean,
  ): Promise<boolean> {
    const [, updated] = (await db.query(
      `UPDATE stripe_accounts SET "onboardingComplete" = $2 WHERE "stripeAccountId" = $1`,
      [stripeAccountId, complete],
    )) as [unknown, number];
    return updated > 0;
  }
}
