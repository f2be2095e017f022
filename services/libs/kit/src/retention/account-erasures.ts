import type { AccountDeletedPayload } from '@backtalk/proto';
import type { DataSource, EntityManager } from 'typeorm';
import { AccountErasureEntity } from './account-erasure.entity';

/**
 * The bookkeeping every service's retention shares: remember a deleted account with the
 * day its records are due, list the due ones, and settle one in the transaction that
 * erased its records. Idempotent: a redelivered announcement changes nothing.
 */
export class AccountErasures {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores the erasure `termMs` after the deletion; a second delivery keeps the first. */
  async schedule(deleted: AccountDeletedPayload, termMs: number): Promise<void> {
    const deletedAt = new Date(deleted.deletedAt);
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(AccountErasureEntity)
      .values({
        userId: deleted.userId,
        deletedAt,
        dueAt: new Date(deletedAt.getTime() + termMs),
        wasCreator: deleted.wasCreator,
      })
      .orIgnore()
      .execute();
  }

  /** Erasures whose term has ended by `now`, oldest first. */
  due(now: Date, limit = 100): Promise<AccountErasureEntity[]> {
    return this.dataSource
      .getRepository(AccountErasureEntity)
      .createQueryBuilder('erasure')
      .where('erasure.dueAt <= :now', { now })
      .orderBy('erasure.dueAt', 'ASC')
      .limit(limit)
      .getMany();
  }

  /**
   * Runs `erase` for one due erasure and removes it — unless `erase` answers `'next-run'` (a
   * service that erases in two runs) — in one transaction that holds the row (`FOR UPDATE SKIP
   * LOCKED`), so two replicas never erase the same user at once and a failure leaves it for the
   * next run. `'taken'` when another run had it.
   */
  settle(
    userId: string,
    erase: (manager: EntityManager) => Promise<'erased' | 'next-run'>,
  ): Promise<'erased' | 'next-run' | 'taken'> {
    return this.dataSource.transaction(async (manager) => {
      const held = (await manager.query(
        `SELECT "userId" FROM account_erasures WHERE "userId" = $1 FOR UPDATE SKIP LOCKED`,
        [userId],
      )) as unknown[];
      if (held.length === 0) return 'taken';
      const outcome = await erase(manager);
      if (outcome === 'erased')
        await manager.query(`DELETE FROM account_erasures WHERE "userId" = $1`, [userId]);
      return outcome;
    });
  }
}
