import { Injectable } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import { randomInt } from 'node:crypto';
import type { Transaction } from '@backtalk/kit';
import { PasswordHasher } from '../account/password-hasher';
import { IdentityConfig } from '../identity.config';
import type { CodePurpose, VerificationCodeEntity } from './verification-code.entity';
import { VerificationCodeRepository } from './verification-code.repository';

/** Wrong guesses one code survives; the next attempt needs a new code. */
const MAX_CODE_ATTEMPTS = 5;
const CODE_DIGITS = 6;

/**
 * Emailed one-time codes: 6 random digits, single-use, valid for
 * VERIFICATION_CODE_TTL_SECONDS, at most MAX_CODE_ATTEMPTS guesses, stored
 * only as argon2id hashes.
 */
@Injectable()
export class VerificationCodeService {
  constructor(
    private readonly codes: VerificationCodeRepository,
    private readonly hasher: PasswordHasher,
    private readonly config: IdentityConfig,
  ) {}

  get lifetimeMinutes(): number {
    return Math.round(this.config.VERIFICATION_CODE_TTL_SECONDS / 60);
  }

  /** A new code for the user and purpose (voiding the previous one); returns the code to send. */
  async issue(userId: string, purpose: CodePurpose, transaction?: Transaction): Promise<string> {
    const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
    await this.codes.replace(
      {
        userId,
        purpose,
        codeHash: await this.hasher.hash(code),
        expiresAt: new Date(Date.now() + this.config.VERIFICATION_CODE_TTL_SECONDS * 1000),
      },
      transaction,
    );
    return code;
  }

  /**
   * Checks a code and spends it. AUTH_CODE_MISMATCH for a wrong code;
   * AUTH_CODE_EXPIRED when no code can be tried (never sent, used, expired, out
   * of attempts — or no such user: callers pass null, and the same work is
   * done, so the answer does not tell). `onValid` runs in the
   * transaction that spends the code, so the change it proves and the spending
   * commit together.
   */
  async redeem<T>(
    userId: string | null,
    purpose: CodePurpose,
    code: string,
    onValid: (transaction: Transaction) => Promise<T>,
  ): Promise<T> {
    const attempt = userId
      ? await this.codes.takeAttempt(userId, purpose, MAX_CODE_ATTEMPTS, new Date())
      : null;
    if (!attempt) {
      await this.hasher.verify(null, code);
      throw expired();
    }
    if (!(await this.hasher.verify(attempt.codeHash, code))) throw mismatch();
    return this.spend(attempt, onValid);
  }

  private async spend<T>(
    attempt: VerificationCodeEntity,
    onValid: (transaction: Transaction) => Promise<T>,
  ): Promise<T> {
    return this.codes.transaction(async (transaction) => {
      if (!(await this.codes.consume(attempt.id, transaction))) throw expired();
      return onValid(transaction);
    });
  }
}

function mismatch(): ServiceError {
  return new ServiceError(ErrorCode.AuthCodeMismatch);
}

function expired(): ServiceError {
  return new ServiceError(ErrorCode.AuthCodeExpired);
}
