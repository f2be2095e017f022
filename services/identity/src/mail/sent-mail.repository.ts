import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Transaction, transactionOf } from '@backtalk/kit';
import type { DataSource } from 'typeorm';

@Injectable()
export class SentMailRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Runs `send` once per key: the key is claimed in a transaction that the send joins, so a failed
   * send forgets the claim (the caller may ask again), and a second request for a key — even one
   * made at the same moment — waits for the first and answers false.
   */
  once(key: string, userId: string, send: (transaction: Transaction) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const claimed = (await manager.query(
        `INSERT INTO sent_mails ("idempotencyKey", "userId") VALUES ($1, $2)
         ON CONFLICT ("idempotencyKey") DO NOTHING RETURNING "idempotencyKey"`,
        [key, userId],
      )) as unknown[];
      if (claimed.length === 0) return false;
      await send(transactionOf(manager));
      return true;
    });
  }
}
