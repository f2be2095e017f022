import { Injectable } from '@nestjs/common';
import { managerOf, type Transaction } from '@backtalk/kit';

/** Creators' retention statements, in the account erasure's transaction (creators-retention.ts). */
@Injectable()
export class CreatorsRetentionRepository {
  /** The ids of the user's creators. */
  async creatorsOf(transaction: Transaction, userId: string): Promise<string[]> {
    const rows = (await managerOf(transaction).query(`SELECT id FROM creators WHERE "userId" = $1`, [
      userId,
    ])) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * The creators' posts, prompt versions, init statuses and weekly digest records, and the user's verification key;
   * answers the number of posts removed.
   */
  async eraseContent(transaction: Transaction, userId: string, creatorIds: string[]): Promise<number> {
    const manager = managerOf(transaction);
    const [, posts] = (await manager.query(`DELETE FROM posts WHERE "creatorId" = ANY($1::uuid[])`, [
      creatorIds,
    ])) as [unknown, number];
    await manager.query(`DELETE FROM creator_prompt_versions WHERE "creatorId" = ANY($1::uuid[])`, [
      creatorIds,
    ]);
    await manager.query(`DELETE FROM creator_init_statuses WHERE "creatorId" = ANY($1::text[])`, [
      creatorIds,
    ]);
    await manager.query(`DELETE FROM creator_verification_keys WHERE "userId" = $1`, [userId]);
    for (const table of ['digest_settings', 'digest_sends'])
      await manager.query(`DELETE FROM ${table} WHERE "creatorId" = ANY($1::uuid[])`, [creatorIds]);
    return posts;
  }

  /** The user's creator records; answers how many went. */
  async eraseCreators(transaction: Transaction, userId: string): Promise<number> {
    const [, creators] = (await managerOf(transaction).query(`DELETE FROM creators WHERE "userId" = $1`, [
      userId,
    ])) as [unknown, number];
    return creators;
  }
}
