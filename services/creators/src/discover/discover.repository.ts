import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { safeAvatarSource } from '@backtalk/kit';
import type { AudienceMinimum } from '@backtalk/proto';
import { Repository } from 'typeorm';
import { CreatorEntity } from '../creator/creator.entity';
import type { DiscoverCandidate } from './discover.rules';

/** Most creators one search reads (the most followed first); docs/creators.md, "Discover". */
const DISCOVER_CANDIDATES_MAX = 1000;
/** Hashtags read per creator (generic ones are dropped before a card shows five). */
const TAGS_READ = 12;

interface CandidateRow {
  id: string;
  handle: string;
  nickName: string;
  thumb: string;
  verified: boolean;
  demoAccount: boolean;
  followerCount: number;
  initComplete: boolean;
  paused: boolean;
  audienceMinimum: AudienceMinimum;
  tags: string[];
}

/**
 * Creators fans may find: not paused, a demo or initialised, whose name, handle or one of whose
 * post hashtags (caption and description) contains the text. Billing's onboarding fact and the
 * ranking are the rules' (discover.rules.ts).
 */
@Injectable()
export class DiscoverRepository {
  constructor(@InjectRepository(CreatorEntity) private readonly creators: Repository<CreatorEntity>) {}

  async candidates(pattern: string | null): Promise<DiscoverCandidate[]> {
    const rows: CandidateRow[] = await this.creators.query(
      `WITH tags AS (
         SELECT p."creatorId", lower(m[1]) AS tag, count(*) AS uses
         FROM posts p
         CROSS JOIN LATERAL regexp_matches(p.caption || ' ' || p."desc", '#([[:alnum:]_]{1,50})', 'g') AS m
         GROUP BY 1, 2
       ), ranked AS (
         SELECT "creatorId", tag,
                row_number() OVER (PARTITION BY "creatorId" ORDER BY uses DESC, tag) AS position
         FROM tags
       )
       SELECT c.id, c.handle, c."nickName", c.thumb,
              (NOT c."demoAccount" AND c."verifiedAt" IS NOT NULL) AS verified,
              c."demoAccount", c."followerCount", c."initComplete", c."pausedAt" IS NOT NULL AS paused,
              c."audienceMinimum",
              coalesce((SELECT array_agg(r.tag ORDER BY r.position) FROM ranked r
                        WHERE r."creatorId" = c.id AND r.position <= $2), '{}') AS tags
       FROM creators c
       WHERE c."pausedAt" IS NULL
         AND (c."demoAccount" OR c."initComplete")
         AND ($1::text IS NULL
              OR c."nickName" ILIKE $1 ESCAPE '\\'
              OR c.handle ILIKE $1 ESCAPE '\\'
              OR EXISTS (SELECT 1 FROM tags t WHERE t."creatorId" = c.id AND t.tag ILIKE $1 ESCAPE '\\'))
       ORDER BY c."followerCount" DESC, c.handle
       LIMIT $3`,
      [pattern, TAGS_READ, DISCOVER_CANDIDATES_MAX],
    );
    return rows.map((row) => ({ ...row, thumb: safeAvatarSource(row.thumb) }));
  }
}
