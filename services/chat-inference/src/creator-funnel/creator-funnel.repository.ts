import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** chat-inference's side of a creator's funnel: who chatted, and who met the free-tier limit. */
@Injectable()
export class CreatorFunnelRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Remembers the first time a fan met the limit in this creator's chat; later times change nothing. */
  async recordLimitReached(owner: string, creatorId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO free_tier_limits_reached (owner, "creatorId") VALUES ($1, $2)
       ON CONFLICT (owner, "creatorId") DO NOTHING`,
      [owner, creatorId],
    );
  }

  /**
   * Fans: people with a conversation with the creator holding at least one message of theirs,
   * and of all people, those who met the limit there; the creator's own user is not a fan.
   */
  async funnel(creatorId: string, creatorUserId: string): Promise<{ fans: number; reachedLimit: number }> {
    const [row] = (await this.dataSource.query(
      `SELECT
         (SELECT count(DISTINCT c.owner) FROM conversations c
           WHERE c."creatorId" = $1 AND c.owner <> $2
             AND EXISTS (SELECT 1 FROM messages m
                          WHERE m."conversationId" = c.id AND m.owner = c.owner AND m.role = 'user'))::int AS fans,
         (SELECT count(*) FROM free_tier_limits_reached r
           WHERE r."creatorId" = $1 AND r.owner <> $2)::int AS "reachedLimit"`,
      [creatorId, creatorUserId],
    )) as { fans: number; reachedLimit: number }[];
    return { fans: row?.fans ?? 0, reachedLimit: row?.reachedLimit ?? 0 };
  }
}
