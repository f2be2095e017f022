import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MAX_MEMORIES } from './memory-rules';

export interface StoredMemory {
  id: string;
  creatorId: string;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = `id, "creatorId", text, "createdAt", "updatedAt"`;

/** Fans' memories and memory switches; every query is scoped to the fan (owner). */
@Injectable()
export class MemoryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The fan's memories, of one creator or all, newest first. */
  async list(owner: string, creatorId?: string): Promise<StoredMemory[]> {
    return (await this.dataSource.query(
      `SELECT ${COLUMNS} FROM fan_memories
        WHERE owner = $1 AND ($2::uuid IS NULL OR "creatorId" = $2)
        ORDER BY "createdAt" DESC, id`,
      [owner, creatorId ?? null],
    )) as StoredMemory[];
  }

  /** The fan's explicit switch, or null when they never chose. */
  async choice(owner: string): Promise<boolean | null> {
    const [row] = (await this.dataSource.query(`SELECT enabled FROM fan_memory_settings WHERE owner = $1`, [
      owner,
    ])) as { enabled: boolean }[];
    return row ? row.enabled : null;
  }

  async setChoice(owner: string, enabled: boolean): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO fan_memory_settings (owner, enabled) VALUES ($1, $2)
       ON CONFLICT (owner) DO UPDATE SET enabled = EXCLUDED.enabled, "updatedAt" = now()`,
      [owner, enabled],
    );
  }

  async update(owner: string, id: string, text: string): Promise<StoredMemory | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE fan_memories SET text = $3, "sourceMessageId" = NULL, "updatedAt" = now()
        WHERE id = $2 AND owner = $1 RETURNING ${COLUMNS}`,
      [owner, id, text],
    )) as [StoredMemory[], number];
    return rows[0] ?? null;
  }

  async delete(owner: string, id: string): Promise<boolean> {
    const [, deleted] = (await this.dataSource.query(
      `DELETE FROM fan_memories WHERE id = $2 AND owner = $1`,
      [owner, id],
    )) as [unknown, number];
    return deleted > 0;
  }

  async forget(owner: string, creatorId?: string): Promise<number> {
    const [, deleted] = (await this.dataSource.query(
      `DELETE FROM fan_memories WHERE owner = $1 AND ($2::uuid IS NULL OR "creatorId" = $2)`,
      [owner, creatorId ?? null],
    )) as [unknown, number];
    return deleted;
  }

  /** The text of the fan's own message, or null when it is gone (or not theirs). */
  async fanMessageText(owner: string, messageId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query(
      `SELECT content FROM messages WHERE id = $2 AND owner = $1 AND role = 'user' AND kind = 'message'`,
      [owner, messageId],
    )) as { content: { text: string }[] }[];
    return row ? row.content.map((block) => block.text).join('\n') : null;
  }

  /**
   * Stores facts learnt from one message, once: a redelivered message whose facts are stored
   * adds nothing. Keeps the newest MAX_MEMORIES of the fan and creator.
   */
  async remember(
    owner: string,
    creatorId: string,
    messageId: string,
    facts: readonly string[],
  ): Promise<number> {
    if (facts.length === 0) return 0;
    return this.dataSource.transaction(async (manager) => {
      // One learner at a time per fan and creator, so the cap and the duplicate check hold.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1 || ':' || $2))`, [owner, creatorId]);
      const [seen] = (await manager.query(
        `SELECT 1 FROM fan_memories WHERE owner = $1 AND "sourceMessageId" = $2 LIMIT 1`,
        [owner, messageId],
      )) as unknown[];
      if (seen) return 0;
      const now = Date.now();
      for (const [i, fact] of facts.entries()) {
        await manager.query(
          `INSERT INTO fan_memories (id, owner, "creatorId", text, "sourceMessageId", "createdAt", "updatedAt")
           VALUES ($1, $2, $3, $4, $5, $6, $6)`,
          [randomUUID(), owner, creatorId, fact, messageId, new Date(now + i)],
        );
      }
      await manager.query(
        `DELETE FROM fan_memories WHERE id IN (
           SELECT id FROM fan_memories WHERE owner = $1 AND "creatorId" = $2
            ORDER BY "createdAt" DESC, id OFFSET $3)`,
        [owner, creatorId, MAX_MEMORIES],
      );
      return facts.length;
    });
  }
}
