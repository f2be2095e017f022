import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountDeletionEntity } from './account-deletion.entity';

/** Identity's side of a deleted account and of its retention terms (docs/retention.md). */
@Injectable()
export class AccountDeletionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Deletes the account and everything identity keeps for it — sessions and refresh
   * tokens, codes, sign-in and passkey challenges, passkeys, MFA settings, linked
   * provider identities, the guests it converted, mail in the development outbox —
   * and leaves the tombstone. One transaction: all of it, or nothing.
   */
  async eraseAccount(
    manager: EntityManager,
    user: { id: string; email: string | null; isCreator: boolean },
    now: Date,
  ): Promise<void> {
    const id = [user.id];
    await manager.query(
      `DELETE FROM identity.oauth_sessions WHERE "familyId" IN (SELECT id FROM identity.sessions WHERE "userId" = $1)`,
      id,
    );
    for (const table of [
      'refresh_tokens',
      'sessions',
      'verification_codes',
      'sign_in_challenges',
      'passkey_challenges',
      'passkeys',
      'mfa_settings',
      'user_identities',
      'sent_mails',
    ])
      await manager.query(`DELETE FROM identity.${table} WHERE "userId" = $1`, id);
    await manager.query(
      `DELETE FROM identity.guest_passwords WHERE "guestUserId" IN (SELECT "cognitoUsername" FROM identity.guest_users WHERE "convertedUserId" = $1)`,
      id,
    );
    await manager.query(`DELETE FROM identity.guest_users WHERE "convertedUserId" = $1`, id);
    if (user.email) await manager.query(`DELETE FROM identity.outbox_messages WHERE "to" = $1`, [user.email]);
    await manager.query(`DELETE FROM identity.users WHERE id = $1`, id);
    await manager.insert(AccountDeletionEntity, {
      userId: user.id,
      deletedAt: now,
      wasCreator: user.isCreator,
      announcedAt: null,
    });
  }

  /** Deletions not yet stored by every service's queue, oldest first. */
  unannounced(limit: number): Promise<AccountDeletionEntity[]> {
    return this.dataSource.getRepository(AccountDeletionEntity).find({
      where: { announcedAt: null as unknown as Date },
      order: { deletedAt: 'ASC' },
      take: limit,
    });
  }

  async markAnnounced(userId: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE identity.account_deletions SET "announcedAt" = $2 WHERE "userId" = $1 AND "announcedAt" IS NULL`,
      [userId, at],
    );
  }

  /** Tombstones of deletions announced and older than the cutoff. */
  async purgeTombstones(cutoff: Date): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM identity.account_deletions WHERE "announcedAt" IS NOT NULL AND "deletedAt" <= $1`,
      [cutoff],
    )) as [unknown, number];
    return count;
  }

  /** Sessions that ended (revoked or expired) before the cutoff, with their refresh tokens. */
  async purgeEndedSessions(cutoff: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const ended = `SELECT id FROM identity.sessions WHERE COALESCE("revokedAt", "expiresAt") <= $1`;
      await manager.query(`DELETE FROM identity.oauth_sessions WHERE "familyId" IN (${ended})`, [cutoff]);
      await manager.query(`DELETE FROM identity.refresh_tokens WHERE "familyId" IN (${ended})`, [cutoff]);
      const [, count] = (await manager.query(
        `DELETE FROM identity.sessions WHERE COALESCE("revokedAt", "expiresAt") <= $1`,
        [cutoff],
      )) as [unknown, number];
      return count;
    });
  }

  /** Emailed codes past their expiry (a new one or a use deletes them otherwise). */
  async purgeExpiredCodes(now: Date): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM identity.verification_codes WHERE "expiresAt" <= $1`,
      [now],
    )) as [unknown, number];
    return count;
  }
}
