import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

export interface DigestCreator {
  id: string;
  userId: string;
  handle: string;
  nickName: string;
}

@Injectable()
export class DigestRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async weeklyDigest(creatorId: string): Promise<boolean> {
    const [row] = (await this.dataSource.query(
      'SELECT "weeklyDigest" FROM creators.digest_settings WHERE "creatorId" = $1',
      [creatorId],
    )) as { weeklyDigest: boolean }[];
    return row?.weeklyDigest ?? true;
  }

  async setWeeklyDigest(creatorId: string, weeklyDigest: boolean): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO creators.digest_settings ("creatorId", "weeklyDigest") VALUES ($1, $2)
       ON CONFLICT ("creatorId") DO UPDATE SET "weeklyDigest" = EXCLUDED."weeklyDigest", "updatedAt" = now()`,
      [creatorId, weeklyDigest],
    );
  }

  /**
   * Creators whose digest of the week starting `weekStart` is due: real creators (not demo accounts)
   * who existed before the week ended, with the digest on, and not yet recorded for that week.
   */
  due(weekStart: Date, weekEnd: Date): Promise<{ id: string }[]> {
    return this.dataSource.query(
      `SELECT c.id FROM creators.creators c
        WHERE NOT c."demoAccount" AND c."createdAt" < $2
          AND NOT EXISTS (SELECT 1 FROM creators.digest_settings s WHERE s."creatorId" = c.id AND NOT s."weeklyDigest")
          AND NOT EXISTS (SELECT 1 FROM creators.digest_sends d WHERE d."creatorId" = c.id AND d."weekStart" = $1)
        ORDER BY c.id`,
      [weekStart, weekEnd],
    );
  }

  async creator(creatorId: string): Promise<DigestCreator | null> {
    const [row] = (await this.dataSource.query(
      'SELECT id, "userId", handle, "nickName" FROM creators.creators WHERE id = $1',
      [creatorId],
    )) as DigestCreator[];
    return row ?? null;
  }

  async wasRecorded(creatorId: string, weekStart: Date): Promise<boolean> {
    const rows = (await this.dataSource.query(
      'SELECT 1 FROM creators.digest_sends WHERE "creatorId" = $1 AND "weekStart" = $2',
      [creatorId, weekStart],
    )) as unknown[];
    return rows.length > 0;
  }

  async record(creatorId: string, weekStart: Date, sent: boolean, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO creators.digest_sends ("creatorId", "weekStart", sent, "recordedAt") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("creatorId", "weekStart") DO NOTHING`,
      [creatorId, weekStart, sent, at],
    );
  }

  /** The unsubscribe links' secret if one was ever made: checking a link never makes one. */
  async existingSecret(): Promise<string | null> {
    const [row] = (await this.dataSource.query('SELECT secret FROM creators.digest_keys WHERE id = 1')) as {
      secret: string;
    }[];
    return row?.secret ?? null;
  }

  /** The unsubscribe links' secret: the first replica to sign with it makes it, every other reads it. */
  async secret(): Promise<string> {
    await this.dataSource.query(
      'INSERT INTO creators.digest_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING',
      [randomBytes(32).toString('base64url')],
    );
    return (await this.existingSecret())!;
  }
}
