import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, LessThan, Repository } from 'typeorm';
import { ConversationEntity } from '../conversation/conversation.entity';
import { MessageEntity } from '../conversation/message.entity';
import { ConversationWatchEntity, InboxConsentEntity } from './inbox.entity';
import { WATCH_FRESH_MS } from './inbox-rules';

/** A conversation in a creator's inbox, with its newest activity. */
export interface InboxRow {
  id: string;
  owner: string;
  creatorId: string;
  inPersonSince: Date | null;
  lastActivityAt: Date;
  /** The newest message's text ('' when there is none yet). */
  lastText: string;
}

/** The consent and in-person state of a fan's own conversation. */
export interface ConsentState {
  creatorMayRead: boolean;
  inPerson: boolean;
}

const INBOX_LIMIT = 200;

/**
 * The inbox's data: consents (a row while the fan allows reading), in-person messages (role
 * `creator`) and open chats. Reads for a creator always join the consent, so a conversation whose
 * fan withdrew it is never returned.
 */
@Injectable()
export class InboxRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(InboxConsentEntity) private readonly consents: Repository<InboxConsentEntity>,
    @InjectRepository(ConversationWatchEntity) private readonly watches: Repository<ConversationWatchEntity>,
    @InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>,
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
  ) {}

  /** The fan's own conversation's state; null when it is not theirs. */
  async stateForFan(owner: string, conversationId: string): Promise<ConsentState | null> {
    const conversation = await this.conversations.findOneBy({ id: conversationId, owner });
    if (!conversation) return null;
    const consent = await this.consents.findOneBy({ conversationId });
    return { creatorMayRead: consent !== null, inPerson: consent?.inPersonSince != null };
  }

  /** Allows or withdraws reading; withdrawing also ends the in-person mode. Null when not the fan's. */
  async setConsent(owner: string, conversationId: string, allowed: boolean): Promise<ConsentState | null> {
    const conversation = await this.conversations.findOneBy({ id: conversationId, owner });
    if (!conversation) return null;
    if (allowed)
      await this.consents.createQueryBuilder().insert().values({ conversationId }).orIgnore().execute();
    else await this.consents.delete({ conversationId });
    return this.stateForFan(owner, conversationId);
  }

  /** The creator's readable conversations, newest activity first. */
  async listForCreator(creatorId: string): Promise<InboxRow[]> {
    const rows: RawInboxRow[] = await this.dataSource.query(
      `${INBOX_SELECT} WHERE c."creatorId" = $1 ORDER BY "lastActivityAt" DESC, c.id LIMIT ${INBOX_LIMIT}`,
      [creatorId],
    );
    return rows.map(toInboxRow);
  }

  /** One readable conversation of the creator's, or null (no consent, another creator's, none). */
  async readable(creatorId: string, conversationId: string): Promise<InboxRow | null> {
    const row = await this.readableById(conversationId);
    return row?.creatorId === creatorId ? row : null;
  }

  /** A conversation whose fan allows reading, whoever its creator is; null otherwise. */
  async readableById(conversationId: string): Promise<InboxRow | null> {
    const rows: RawInboxRow[] = await this.dataSource.query(`${INBOX_SELECT} WHERE c.id = $1`, [
      conversationId,
    ]);
    return rows[0] ? toInboxRow(rows[0]) : null;
  }

  /** The newest `limit` messages of a conversation, oldest first. */
  async thread(conversationId: string, limit: number): Promise<MessageEntity[]> {
    const rows = await this.messages.find({
      where: { conversationId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
    return rows.reverse();
  }

  /**
   * Stores the creator's in-person message and starts the in-person mode, under the consent's lock:
   * null when the fan withdrew consent (or it never was), so nothing is stored.
   */
  async addInPersonMessage(
    creatorId: string,
    conversationId: string,
    text: string,
  ): Promise<{ message: MessageEntity; owner: string } | null> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT c.owner FROM inbox_consents ic JOIN conversations c ON c.id = ic."conversationId"
          WHERE ic."conversationId" = $1 AND c."creatorId" = $2 FOR UPDATE OF ic`,
        [conversationId, creatorId],
      )) as { owner: string }[];
      if (!row) return null;
      await manager.query(
        `UPDATE inbox_consents SET "inPersonSince" = COALESCE("inPersonSince", now()) WHERE "conversationId" = $1`,
        [conversationId],
      );
      const message = manager.create(MessageEntity, {
        id: randomUUID(),
        conversationId,
        owner: row.owner,
        role: 'creator',
        content: [{ text }],
        status: 'complete',
        citations: [],
        kind: 'message',
      });
      return { message: await manager.save(message), owner: row.owner };
    });
  }

  /** Whether the creator holds one of this fan's conversations with them in person. */
  async heldInPerson(owner: string, creatorId: string): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `SELECT 1 FROM inbox_consents ic JOIN conversations c ON c.id = ic."conversationId"
        WHERE c.owner = $1 AND c."creatorId" = $2 AND ic."inPersonSince" IS NOT NULL LIMIT 1`,
      [owner, creatorId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Ends the in-person mode; false when the conversation is not readable by this creator. */
  async handBack(creatorId: string, conversationId: string): Promise<boolean> {
    const [, affected] = (await this.dataSource.query(
      `UPDATE inbox_consents ic SET "inPersonSince" = NULL FROM conversations c
        WHERE c.id = ic."conversationId" AND ic."conversationId" = $1 AND c."creatorId" = $2`,
      [conversationId, creatorId],
    )) as [unknown, number];
    return affected > 0;
  }

  /** A fan's chat opened its event stream; the id is the watch's to refresh and remove. */
  async addWatch(conversationId: string, now: Date): Promise<string> {
    const id = randomUUID();
    await this.watches.insert({ id, conversationId, seenAt: now });
    return id;
  }

  async touchWatches(ids: string[], now: Date): Promise<void> {
    if (ids.length) await this.watches.update(ids, { seenAt: now });
  }

  async removeWatch(id: string): Promise<void> {
    await this.watches.delete({ id });
  }

  /** Whether the fan's chat is open somewhere (a watch seen lately); old rows of dead processes go. */
  async isWatched(conversationId: string, now: Date): Promise<boolean> {
    const freshAfter = new Date(now.getTime() - WATCH_FRESH_MS);
    await this.watches.delete({ conversationId, seenAt: LessThan(freshAfter) });
    return this.watches.existsBy({ conversationId });
  }
}

interface RawInboxRow {
  id: string;
  owner: string;
  creatorId: string;
  inPersonSince: Date | null;
  lastActivityAt: Date;
  lastText: string | null;
}

/** Conversations with a consent, with their newest message (the index on (conversationId, createdAt) finds it). */
const INBOX_SELECT = `
  SELECT c.id, c.owner, c."creatorId", ic."inPersonSince",
         GREATEST(ic."allowedAt", COALESCE(last."createdAt", ic."allowedAt")) AS "lastActivityAt",
         last.text AS "lastText"
    FROM inbox_consents ic
    JOIN conversations c ON c.id = ic."conversationId"
    LEFT JOIN LATERAL (
      SELECT m."createdAt", (SELECT string_agg(block->>'text', E'\\n') FROM jsonb_array_elements(m.content) block) AS text
        FROM messages m
       WHERE m."conversationId" = c.id
       ORDER BY m."createdAt" DESC, m.id DESC
       LIMIT 1
    ) last ON TRUE`;

function toInboxRow(row: RawInboxRow): InboxRow {
  return {
    id: row.id,
    owner: row.owner,
    creatorId: row.creatorId,
    inPersonSince: row.inPersonSince,
    lastActivityAt: row.lastActivityAt,
    lastText: row.lastText ?? '',
  };
}
