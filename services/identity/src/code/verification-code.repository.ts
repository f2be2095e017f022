import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction, transactionOf } from '@backtalk/kit';
import { Repository } from 'typeorm';
import { type CodePurpose, VerificationCodeEntity } from './verification-code.entity';

/** Codes are looked up by their owner and purpose only: a user can reach only their own. */
@Injectable()
export class VerificationCodeRepository {
  constructor(
    @InjectRepository(VerificationCodeEntity) private readonly codes: Repository<VerificationCodeEntity>,
  ) {}

  /** Stores the user's new code for the purpose, replacing (and so voiding) any earlier one. */
  async replace(
    code: Pick<VerificationCodeEntity, 'userId' | 'purpose' | 'codeHash' | 'expiresAt'>,
    transaction?: Transaction,
  ): Promise<void> {
    await (transaction ? managerOf(transaction) : this.codes.manager).query(
      `INSERT INTO verification_codes ("userId", purpose, "codeHash", "expiresAt")
       VALUES ($1, $2, $3, $4)
       ON CONFLICT ("userId", purpose) DO UPDATE
         SET "codeHash" = EXCLUDED."codeHash", "expiresAt" = EXCLUDED."expiresAt", attempts = 0, "createdAt" = now()`,
      [code.userId, code.purpose, code.codeHash, code.expiresAt],
    );
  }

  /**
   * Counts one attempt at the user's live code and answers it, or null when
   * there is none to try: never issued, used, expired, or out of attempts.
   * One atomic UPDATE, so parallel guesses cannot exceed `maxAttempts`.
   */
  async takeAttempt(
    userId: string,
    purpose: CodePurpose,
    maxAttempts: number,
    now: Date,
  ): Promise<VerificationCodeEntity | null> {
    const [rows] = (await this.codes.query(
      `UPDATE verification_codes SET attempts = attempts + 1
       WHERE "userId" = $1 AND purpose = $2 AND attempts < $3 AND "expiresAt" > $4
       RETURNING *`,
      [userId, purpose, maxAttempts, now],
    )) as [VerificationCodeEntity[], number];
    return rows[0] ?? null;
  }

  /** Spends the code; false when another request spent it first (a code works once). */
  async consume(id: string, transaction: Transaction): Promise<boolean> {
    const [, deleted] = (await managerOf(transaction).query(
      'DELETE FROM verification_codes WHERE id = $1 RETURNING id',
      [id],
    )) as [unknown, number];
    return deleted > 0;
  }

  transaction<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
    return this.codes.manager.transaction((manager) => work(transactionOf(manager)));
  }

  async deleteFor(userId: string, purpose: CodePurpose): Promise<void> {
    await this.codes.delete({ userId, purpose });
  }
}
