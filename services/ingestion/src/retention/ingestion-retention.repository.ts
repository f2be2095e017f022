import { Injectable } from '@nestjs/common';
import { managerOf, type Transaction } from '@backtalk/kit';

/** The rows of a deleted user's creators that an erasure removed (docs/retention.md). */
interface CreatorRowsErased {
  mediaObjects: number;
  postEmbeddings: number;
  ingestJobs: number;
}

/** Ingestion's retention statements, in the account erasure's transaction (ingestion-retention.ts). */
@Injectable()
export class IngestionRetentionRepository {
  /** The creators the user's ingest jobs were for. */
  async creatorsOf(transaction: Transaction, userId: string): Promise<string[]> {
    const rows = (await managerOf(transaction).query(
      `SELECT DISTINCT "creatorId" FROM ingest_jobs WHERE owner = $1`,
      [userId],
    )) as { creatorId: string }[];
    return rows.map((row) => row.creatorId);
  }

  /** The creators' media records and embeddings, and the user's and the creators' ingest jobs. */
  async eraseCreatorRows(
    transaction: Transaction,
    userId: string,
    creatorIds: string[],
  ): Promise<CreatorRowsErased> {
    const manager = managerOf(transaction);
    const remove = async (sql: string, parameters: unknown[]) =>
      ((await manager.query(sql, parameters)) as [unknown, number])[1];
    return {
      mediaObjects: await remove(`DELETE FROM media_objects WHERE "creatorId" = ANY($1::text[])`, [
        creatorIds,
      ]),
      postEmbeddings: await remove(`DELETE FROM post_embeddings WHERE "creatorId" = ANY($1::text[])`, [
        creatorIds,
      ]),
      ingestJobs: await remove(`DELETE FROM ingest_jobs WHERE owner = $1 OR "creatorId" = ANY($2::text[])`, [
        userId,
        creatorIds,
      ]),
    };
  }
}
