import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface GuestDataMoved {
  conversations: number;
  messages: number;
}

/**
 * Moves a guest's chats, memories, free-tier usage and the limits it met to the account it became, in one
 * transaction. Each of the guest's conversations becomes one of the account's, beside those the
 * account already has with the same creator (several per fan and creator, docs/chat.md); the
 * usage adds up within the current window, so signing up never grants a fresh
 * allowance. Running it again finds nothing left to move.
 */
@Injectable()
export class GuestDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transfer(guestUserId: string, userId: string): Promise<GuestDataMoved> {
    return this.dataSource.transaction(async (db) => {
      // Serialises concurrent transfers into one account (two guests of one user at once).
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`guest-data:${userId}`]);
      const [, messages] = (await db.query('UPDATE messages SET owner = $2 WHERE owner = $1 RETURNING id', [
        guestUserId,
        userId,
      ])) as [unknown, number];
      // Several conversations per fan and creator (docs/chat.md, "My chats"): each of the guest's
      // becomes one of the account's as it is, beside any the account has with the same creator —
      // none is merged, so no title, read mark or order of messages changes.
      const [, adopted] = (await db.query(
        'UPDATE conversations SET owner = $2 WHERE owner = $1 RETURNING id',
        [guestUserId, userId],
      )) as [unknown, number];
      await db.query(
        `WITH guest AS (DELETE FROM user_rate_limits WHERE "userId" = $1 RETURNING "queryCount", "resetTime")
         INSERT INTO user_rate_limits ("userId", owner, "queryCount", "resetTime")
         SELECT $2, $2, "queryCount", "resetTime" FROM guest WHERE "resetTime" > now()
         ON CONFLICT ("userId") DO UPDATE SET
           "queryCount" = CASE WHEN user_rate_limits."resetTime" > now()
                          THEN user_rate_limits."queryCount" + EXCLUDED."queryCount"
                          ELSE EXCLUDED."queryCount" END,
           "resetTime" = GREATEST(user_rate_limits."resetTime", EXCLUDED."resetTime")`,
        [guestUserId, userId],
      );
      // The creators' funnels: a guest who met the limit and signed up is one fan, the account.
      await db.query(
        `WITH guest AS (DELETE FROM free_tier_limits_reached WHERE owner = $1 RETURNING "creatorId", "firstReachedAt")
         INSERT INTO free_tier_limits_reached (owner, "creatorId", "firstReachedAt")
         SELECT $2, "creatorId", "firstReachedAt" FROM guest
         ON CONFLICT (owner, "creatorId") DO UPDATE SET
           "firstReachedAt" = LEAST(free_tier_limits_reached."firstReachedAt", EXCLUDED."firstReachedAt")`,
        [guestUserId, userId],
      );
      // What the personas remember about the guest is the account's now (docs/chat.md, "Memory"), and
      // so is the guest's memory switch unless the account set its own.
      await db.query('UPDATE fan_memories SET owner = $2 WHERE owner = $1', [guestUserId, userId]);
      await db.query(
        `WITH guest AS (DELETE FROM fan_memory_settings WHERE owner = $1 RETURNING enabled)
         INSERT INTO fan_memory_settings (owner, enabled, "updatedAt") SELECT $2, enabled, now() FROM guest
         ON CONFLICT (owner) DO NOTHING`,
        [guestUserId, userId],
      );
      return { conversations: adopted, messages };
    });
  }
}
