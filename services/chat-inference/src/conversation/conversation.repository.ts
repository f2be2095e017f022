import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ConversationEntity } from './conversation.entity';
import {
  LAST_MESSAGE_PREVIEW_LENGTH,
  containsPattern,
  conversationTitle,
  preview,
  snippetAround,
} from './my-chats.rules';
import type { MessageRole } from './message.entity';

/** A conversation with the title the fan sees (their name for it, else their first message). */
export interface TitledConversation {
  id: string;
  creatorId: string;
  createdAt: Date;
  title: string;
}

/** One row of "My chats". */
export interface ConversationListing extends TitledConversation {
  lastActivityAt: Date;
  lastMessage: { role: MessageRole; text: string } | null;
  unread: number;
}

export interface MessageHit {
  conversationId: string;
  creatorId: string;
  conversationTitle: string;
  messageId: string;
  role: MessageRole;
  snippet: string;
  createdAt: Date;
}

/** The most search hits one query returns. */
const SEARCH_LIMIT = 50;
/** How many conversations' creators one process keeps in memory (about 100 bytes each). */
const KNOWN_CONVERSATIONS = 50_000;

/** A message's text: its content blocks joined (as conversation.mapper's messageText). */
const TEXT_OF = (alias: string) =>
  `(SELECT string_agg(b->>'text', E'\\n') FROM jsonb_array_elements(${alias}.content) b)`;
/** Messages an admin hid are neither previewed nor found (docs/safety.md, "Reports"). */
const VISIBLE = (alias: string) =>
  `NOT EXISTS (SELECT 1 FROM hidden_messages h WHERE h."messageId" = ${alias}.id)`;
/** The fan's first message of conversation `c`, for its default title. */
const FIRST_FAN_MESSAGE = `(SELECT ${TEXT_OF('f')} FROM messages f
  WHERE f."conversationId" = c.id AND f.owner = c.owner AND f.role = 'user' AND ${VISIBLE('f')}
  ORDER BY f."createdAt", f.id LIMIT 1)`;
/** When conversation `c` last saw a message (its creation when it has none). */
const LAST_ACTIVITY = `COALESCE((SELECT max(a."createdAt") FROM messages a WHERE a."conversationId" = c.id), c."createdAt")`;

interface TitleRow {
  id: string;
  creatorId: string;
  createdAt: Date;
  name: string;
  firstFanMessage: string | null;
}

const titled = (row: TitleRow): TitledConversation => ({
  id: row.id,
  creatorId: row.creatorId,
  createdAt: row.createdAt,
  title: conversationTitle(row.name, row.firstFanMessage),
});

/** Every method takes the fan's id: a conversation is only ever read or changed by its owner. */
@Injectable()
export class ConversationRepository {
  /** `owner:conversation` → creator, oldest first (see findOwnedCreator). */
  private readonly creators = new Map<string, string>();

  constructor(
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
  ) {}

  findOwned(owner: string, id: string): Promise<ConversationEntity | null> {
    return this.conversations.findOneBy({ id, owner });
  }

  /**
   * The creator of the fan's conversation, or null when there is no such conversation of theirs:
   * from memory once seen, since a conversation's fan and creator never change (only its
   * deletion does, which the send's own statement catches: send_turn checks it again).
   */
  async findOwnedCreator(owner: string, id: string): Promise<{ creatorId: string } | null> {
    const key = `${owner}:${id}`;
    const known = this.creators.get(key);
    if (known) return { creatorId: known };
    const conversation = await this.findOwned(owner, id);
    if (!conversation) return null;
    if (this.creators.size >= KNOWN_CONVERSATIONS) this.creators.delete(this.creators.keys().next().value!);
    this.creators.set(key, conversation.creatorId);
    return { creatorId: conversation.creatorId };
  }

  /** The fan's conversation with its title, or null when there is no such conversation of theirs. */
  async getOwned(owner: string, id: string): Promise<TitledConversation | null> {
    const [row] = (await this.conversations.query(
      `SELECT c.id, c."creatorId", c."createdAt", c.name, ${FIRST_FAN_MESSAGE} AS "firstFanMessage"
       FROM conversations c WHERE c.id = $1 AND c.owner = $2`,
      [id, owner],
    )) as TitleRow[];
    return row ? titled(row) : null;
  }

  /**
   * The fan's latest conversation with a creator (by last activity), created when there is none;
   * with `fresh` ("New chat") always a new one. Opening marks it read.
   */
  async open(owner: string, creatorId: string, fresh = false): Promise<TitledConversation> {
    const id = await this.conversations.manager.transaction(async (db) => {
      // Two tabs opening the same creator's chat at once find (or make) the same conversation.
      await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`conversation:${owner}:${creatorId}`]);
      if (!fresh) {
        const [latest] = (await db.query(
          `SELECT c.id FROM conversations c WHERE c.owner = $1 AND c."creatorId" = $2
           ORDER BY ${LAST_ACTIVITY} DESC, c."createdAt" DESC, c.id DESC LIMIT 1`,
          [owner, creatorId],
        )) as { id: string }[];
        if (latest) return latest.id;
      }
      const [created] = (await db.query(
        `INSERT INTO conversations (owner, "creatorId", name, metadata, "lastReadAt")
         VALUES ($1, $2, '', '{}', now()) RETURNING id`,
        [owner, creatorId],
      )) as { id: string }[];
      return created!.id;
    });
    const conversation = await this.getOwned(owner, id);
    if (!conversation) throw new Error('Conversation vanished after open');
    return conversation;
  }

  /** "My chats": every conversation of the fan, newest activity first. */
  async listOwned(owner: string): Promise<ConversationListing[]> {
    const rows = (await this.conversations.query(
      `SELECT c.id, c."creatorId", c."createdAt", c.name, ${FIRST_FAN_MESSAGE} AS "firstFanMessage",
              ${LAST_ACTIVITY} AS "lastActivityAt",
              last.role AS "lastRole", last.text AS "lastText",
              (SELECT count(*) FROM messages u
                WHERE u."conversationId" = c.id AND u.role IN ('assistant', 'creator') AND u.status = 'complete'
                  AND u."createdAt" > COALESCE(c."lastReadAt", '-infinity') AND ${VISIBLE('u')})::int AS unread
       FROM conversations c
       LEFT JOIN LATERAL (
         SELECT l.role, ${TEXT_OF('l')} AS text FROM messages l
         WHERE l."conversationId" = c.id AND l.status <> 'failed' AND ${VISIBLE('l')}
           AND (l.role <> 'assistant' OR l.status = 'complete')
         ORDER BY l."createdAt" DESC, l.id DESC LIMIT 1
       ) last ON true
       WHERE c.owner = $1
       ORDER BY "lastActivityAt" DESC, c."createdAt" DESC, c.id DESC`,
      [owner],
    )) as (TitleRow & {
      lastActivityAt: Date;
      lastRole: MessageRole | null;
      lastText: string | null;
      unread: number;
    })[];
    return rows.map((row) => ({
      ...titled(row),
      lastActivityAt: row.lastActivityAt,
      lastMessage:
        row.lastRole === null
          ? null
          : { role: row.lastRole, text: preview(row.lastText ?? '', LAST_MESSAGE_PREVIEW_LENGTH) },
      unread: row.unread,
    }));
  }

  /** The fan's title for their conversation; false when it is not theirs. */
  async rename(owner: string, id: string, title: string): Promise<boolean> {
    const result = await this.conversations.update({ id, owner }, { name: title.trim() });
    return (result.affected ?? 0) > 0;
  }

  /** Replies up to now are read; null when the conversation is not the fan's. */
  async markRead(owner: string, id: string): Promise<Date | null> {
    const [rows] = (await this.conversations.query(
      `UPDATE conversations SET "lastReadAt" = now() WHERE id = $1 AND owner = $2 RETURNING "lastReadAt"`,
      [id, owner],
    )) as [{ lastReadAt: Date }[], number];
    return rows[0]?.lastReadAt ?? null;
  }

  /**
   * Erases the fan's conversation and its messages (and what hid them); false when it is not theirs.
   * The free-tier counters are keyed on the fan, not the conversation, and stay as they are.
   */
  async deleteOwned(owner: string, id: string): Promise<boolean> {
    return this.conversations.manager.transaction(async (db) => {
      const owned = (await db.query(`SELECT id FROM conversations WHERE id = $1 AND owner = $2 FOR UPDATE`, [
        id,
        owner,
      ])) as unknown[];
      if (owned.length === 0) return false;
      const [erased] = (await db.query(`DELETE FROM messages WHERE "conversationId" = $1 RETURNING id`, [
        id,
      ])) as [{ id: string }[], number];
      await db.query(`DELETE FROM hidden_messages WHERE "messageId" = ANY($1::uuid[])`, [
        erased.map((m) => m.id),
      ]);
      await db.query(`DELETE FROM conversations WHERE id = $1 AND owner = $2`, [id, owner]);
      return true;
    });
  }

  /** The fan's own messages containing `query` (case-insensitive), newest first. */
  async searchOwned(owner: string, query: string): Promise<MessageHit[]> {
    const rows = (await this.conversations.query(
      `SELECT m.id AS "messageId", m."conversationId", m.role, m."createdAt", ${TEXT_OF('m')} AS text,
              c."creatorId", c.name, ${FIRST_FAN_MESSAGE} AS "firstFanMessage"
       FROM messages m JOIN conversations c ON c.id = m."conversationId" AND c.owner = $1
       WHERE m.owner = $1 AND m.status <> 'failed' AND ${VISIBLE('m')}
         AND EXISTS (SELECT 1 FROM jsonb_array_elements(m.content) b WHERE b->>'text' ILIKE $2 ESCAPE '\\')
       ORDER BY m."createdAt" DESC, m.id DESC LIMIT ${SEARCH_LIMIT}`,
      [owner, containsPattern(query)],
    )) as {
      messageId: string;
      conversationId: string;
      role: MessageRole;
      createdAt: Date;
      text: string | null;
      creatorId: string;
      name: string;
      firstFanMessage: string | null;
    }[];
    return rows.map((row) => ({
      conversationId: row.conversationId,
      creatorId: row.creatorId,
      conversationTitle: conversationTitle(row.name, row.firstFanMessage),
      messageId: row.messageId,
      role: row.role,
      snippet: snippetAround(row.text ?? '', query),
      createdAt: row.createdAt,
    }));
  }
}
