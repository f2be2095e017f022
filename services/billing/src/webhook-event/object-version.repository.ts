import type { EntityManager } from 'typeorm';
import type { ObjectVersion } from './object-version';

/**
 * `billing.stripe_object_versions`, read and written inside the caller's transaction, under
 * the caller's lock on the object (a subscription's fan and creator, an account's row): the
 * webhook's subscription events and both writers of an account's onboarding use it.
 */
export async function storedVersionOf(db: EntityManager, objectId: string): Promise<ObjectVersion | null> {
  const rows = (await db.query(
    `SELECT "eventCreated", "rank" FROM stripe_object_versions WHERE "objectId" = $1`,
    [objectId],
  )) as { eventCreated: Date; rank: number }[];
  return rows[0] ? { observedAt: rows[0].eventCreated, rank: rows[0].rank } : null;
}

export async function storeVersion(
  db: EntityManager,
  objectId: string,
  version: ObjectVersion,
): Promise<void> {
  await db.query(
    `INSERT INTO stripe_object_versions ("objectId", "eventCreated", "rank") VALUES ($1, $2, $3)
     ON CONFLICT ("objectId") DO UPDATE SET "eventCreated" = EXCLUDED."eventCreated", "rank" = EXCLUDED."rank"`,
    [objectId, version.observedAt, version.rank],
  );
}
