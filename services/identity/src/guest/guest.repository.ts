import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { NewRefreshToken } from '../token/refresh-token.repository';
import { AuthSessionEntity } from '../session/auth-session.entity';
import { type NewSession, sessionRow } from '../session/auth-session.repository';
import { RefreshTokenEntity } from '../token/refresh-token.entity';
import { UserEntity } from '../user/user.entity';
import { GuestPasswordEntity } from './guest-password.entity';
import { GuestUserEntity } from './guest-user.entity';

export interface NewGuest {
  user: Omit<UserEntity, 'createdAt'>;
  guest: Omit<GuestUserEntity, 'createdAt'>;
  password: GuestPasswordEntity;
  /** The first token of the guest's session. */
  refreshToken: NewRefreshToken;
  session: NewSession;
}

/** A guest that signed up or in became that account's user: never delete it as a guest. */
const NOT_AN_ACCOUNT = `NOT EXISTS (SELECT 1 FROM users u WHERE u.id = g."cognitoUsername" AND NOT u."isGuest")`;

@Injectable()
export class GuestRepository {
  constructor(@InjectRepository(GuestUserEntity) private readonly guests: Repository<GuestUserEntity>) {}

  /** A guest exists with its user, password and first session, or not at all. */
  async create(guest: NewGuest): Promise<void> {
    await this.guests.manager.transaction(async (manager) => {
      await manager.insert(UserEntity, guest.user);
      await manager.insert(GuestUserEntity, guest.guest);
      await manager.insert(GuestPasswordEntity, guest.password);
      await manager.insert(AuthSessionEntity, sessionRow(guest.session));
      await manager.insert(RefreshTokenEntity, guest.refreshToken);
    });
  }

  /**
   * Deletes up to `limit` guests last active (or, never active, created) before
   * `cutoff` and never converted, with their user, password and refresh tokens, in
   * one statement. Rows another replica is purging are skipped (SKIP LOCKED), and a
   * guest already gone is simply not found, so concurrent or repeated runs are safe.
   * Each purged guest leaves an account-deletion tombstone in the same statement, so the
   * retention job announces it to the services holding its chats like any deleted account
   * (docs/retention.md).
   */
  purgeInactive(cutoff: Date, limit: number, now: Date): Promise<string[]> {
    return this.deleteGuests(
      `SELECT g."cognitoUsername" AS id FROM guest_users g
       WHERE g."convertedToUser" IS NOT TRUE
         AND g."convertedUserId" IS NULL
         AND COALESCE(g."lastActiveAt", g."createdAt") < $1
         AND ${NOT_AN_ACCOUNT}
       ORDER BY COALESCE(g."lastActiveAt", g."createdAt")
       LIMIT $2
       FOR UPDATE OF g SKIP LOCKED`,
      [cutoff, limit, now],
    );
  }

  /**
   * Deletes one guest at once, like an inactive one: a guest who says they are under 13 keeps
   * nothing (docs/safety.md, "Age"). False when it is no longer an unconverted guest.
   */
  async deleteNow(guestUserId: string, now: Date): Promise<boolean> {
    const deleted = await this.deleteGuests(
      `SELECT g."cognitoUsername" AS id FROM guest_users g
       WHERE g."cognitoUsername" = $1 AND g."convertedUserId" IS NULL AND ${NOT_AN_ACCOUNT}
       FOR UPDATE OF g`,
      [guestUserId, now],
    );
    return deleted.length > 0;
  }

  /** Deletes the guests `expired` selects; its last parameter is the time of deletion. */
  private async deleteGuests(expired: string, parameters: unknown[]): Promise<string[]> {
    const nowParameter = `$${parameters.length}`;
    const rows = (await this.guests.query(
      `WITH expired AS (${expired}),
       purged AS (
         DELETE FROM guest_users WHERE "cognitoUsername" IN (SELECT id FROM expired) RETURNING "cognitoUsername" AS id
       ),
       passwords AS (DELETE FROM guest_passwords WHERE "guestUserId" IN (SELECT id FROM purged)),
       tokens AS (DELETE FROM refresh_tokens WHERE "userId" IN (SELECT id FROM purged)),
       sessions AS (DELETE FROM sessions WHERE "userId" IN (SELECT id FROM purged)),
       users AS (DELETE FROM users WHERE id IN (SELECT id FROM purged) AND "isGuest"),
       tombstones AS (
         INSERT INTO account_deletions ("userId", "deletedAt", "wasCreator")
         SELECT id::uuid, ${nowParameter}::timestamptz, false FROM purged
         ON CONFLICT ("userId") DO NOTHING
       )
       SELECT id FROM purged`,
      parameters,
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * Records that the guest became `userId` (before its chats move, so a
   * failed move is retried). False when it is not an unconverted guest, or is
   * already becoming another account: a guest's chats go to one account only.
   */
  async markConverting(guestUserId: string, userId: string): Promise<boolean> {
    const result = await this.guests
      .createQueryBuilder()
      .update()
      .set({ convertedUserId: userId })
      .where('"cognitoUsername" = :guestUserId', { guestUserId })
      .andWhere('"convertedToUser" IS NOT TRUE')
      .andWhere('("convertedUserId" IS NULL OR "convertedUserId" = :userId)', { userId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  async markConverted(guestUserId: string, userId: string): Promise<void> {
    await this.guests.update(
      { cognitoUsername: guestUserId, convertedUserId: userId },
      { convertedToUser: true },
    );
  }

  /** Guests whose chats have not finished moving to their account (oldest first). */
  async pendingConversions(limit: number): Promise<{ guestUserId: string; userId: string }[]> {
    const rows = await this.guests
      .createQueryBuilder('guest')
      .select(['guest.cognitoUsername', 'guest.convertedUserId'])
      .where('guest."convertedUserId" IS NOT NULL')
      .andWhere('guest."convertedToUser" IS NOT TRUE')
      .orderBy('guest."createdAt"')
      .limit(limit)
      .getMany();
    return rows.map((row) => ({ guestUserId: row.cognitoUsername, userId: row.convertedUserId! }));
  }

  /** Records activity on the guest's own record (a no-op for a user who is not a guest). */
  async touch(guestUserId: string, at: Date): Promise<void> {
    await this.guests.update({ cognitoUsername: guestUserId }, { lastActiveAt: at });
  }
}
