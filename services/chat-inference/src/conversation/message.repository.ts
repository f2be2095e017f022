import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { FreeTierAllowance } from '../rate-limit/free-tier.service';
import { sendRefusal } from '../reports/report-rules';
import { ReportError } from '../reports/report.errors';
import { ChatError } from './chat.errors';
import { messageText } from './conversation.mapper';
import {
  MessageEntity,
  type MessageCitation,
  type MessageStatus,
  type StoredCrisisCare,
} from './message.entity';

/**
 * A streaming reply not written to for this long belonged to a process that died: a process
 * touches each reply it works on every REPLY_TOUCH_MS (ReplyProgressWriter), even while the
 * model is silent.
 */
export const ABANDONED_AFTER_MS = 30_000;
export const REPLY_TOUCH_MS = 5_000;

export interface NewTurn {
  owner: string;
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  text: string;
  /** Stored only when honoured (the creator or an admin previewing prompts); null otherwise. */
  aiContext: Record<string, unknown> | null;
  /** The fan message's moderation verdict; null when no moderator checked it. */
  verdict: StoredVerdict | null;
  /**
   * Set when moderation held the message back from the model: the assistant-side notice that
   * answers it, stored complete at once. Such a turn takes no allowance and no reply slot.
   */
  notice: HeldTurnNotice | null;
}

/** A verdict as stored with a message (never its text). */
export interface StoredVerdict {
  flagged: boolean;
  categories: string[];
  decidedBy: string;
}

interface HeldTurnNotice {
  kind: 'safety-notice' | 'crisis-care';
  text: string;
  care: StoredCrisisCare | null;
}

/** A turn of the conversation as the model is shown it. */
export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What `sendTurn` asks besides storing the turn. */
export interface SendTurnOptions {
  /** How many finished turns before this one to answer (0: none). */
  historyTurns?: number;
  /** Whether a thread the creator holds in person takes the fan's message alone. */
  inPerson?: boolean;
  /** Whether to answer the fan's memory switch and memories. */
  memory?: boolean;
  /** False when the persona cannot answer this message: only a thread held in person stores it. */
  store?: boolean;
}

/** What the fan's memory holds for this conversation's creator, as `send_turn` read it. */
export interface MemoryRead {
  /** The fan's own switch; null when they never chose. */
  choice: boolean | null;
  /** Their memories of this creator, newest first. */
  facts: string[];
}

/** What `sendTurn` answers. */
export interface SentTurn {
  /** The fan's message, stored alone for the creator who holds the thread in person; null otherwise. */
  heldInPerson: MessageEntity | null;
  /** The finished turns before this one, oldest first ([] when held, or not stored). */
  history: HistoryTurn[];
  /** Asked with `memory` (and the turn stored); null otherwise. */
  memory: MemoryRead | null;
}

interface StoredTurnAnswer {
  held: { id: string; createdAt: string } | null;
  history?: { role: HistoryTurn['role']; content: { text: string }[] }[];
  memoryChoice?: boolean | null;
  memories?: string[];
}

/** A position in a conversation's list: the message the next (older) page ends before. */
export interface MessagePosition {
  id: string;
}

@Injectable()
export class MessageRepository {
  constructor(@InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>) {}

  /**
   * Up to `limit` messages before `before` (or the newest), newest first. The
   * order (createdAt, id) is total, so equal timestamps never repeat or skip a
   * message across pages. Null when `before` is not a message of this conversation.
   */
  async pageForConversation(
    owner: string,
    conversationId: string,
    limit: number,
    before?: MessagePosition,
  ): Promise<MessageEntity[] | null> {
    const query = this.messages
      .createQueryBuilder('message')
      .where('message.owner = :owner AND message.conversationId = :conversationId', { owner, conversationId })
      .orderBy('message.createdAt', 'DESC')
      .addOrderBy('message.id', 'DESC')
      .limit(limit);
    if (before) {
      const anchor = await this.messages.findOne({
        select: { id: true },
        where: { id: before.id, owner, conversationId },
      });
      if (!anchor) return null;
      // Compared in PostgreSQL, at its microsecond precision, not JavaScript's milliseconds.
      query.andWhere(
        '(message.createdAt, message.id) < (SELECT anchor."createdAt", anchor.id FROM messages anchor WHERE anchor.id = :anchorId)',
        { anchorId: before.id },
      );
    }
    return query.getMany();
  }

  /** The latest finished turns before the current one, oldest first. */
  async recentTurns(
    owner: string,
    conversationId: string,
    limit: number,
    exclude: string[],
  ): Promise<(MessageEntity & { role: 'user' | 'assistant' })[]> {
    const rows = await this.messages
      .createQueryBuilder('message')
      .where('message.owner = :owner AND message.conversationId = :conversationId', { owner, conversationId })
      .andWhere('message.status = :status', { status: 'complete' })
      // The creator's in-person messages are not the persona's words (docs/architecture.md, "Inbox").
      .andWhere(`message.role IN ('user', 'assistant')`)
      // Never shown to the model: a fan message moderation held back, a replaced reply, a safety
      // notice or crisis card (not the persona's words).
      .andWhere(`message.kind = 'message' AND message.moderationFlagged IS NOT TRUE`)
      // Nor a reply an admin hid on a report (docs/safety.md, "Reports").
      .andWhere('NOT EXISTS (SELECT 1 FROM hidden_messages h WHERE h."messageId" = message.id)')
      .andWhere(exclude.length ? 'message.id NOT IN (:...exclude)' : 'TRUE', { exclude })
      .orderBy('message.createdAt', 'DESC')
      .limit(limit)
      .getMany();
    return rows.reverse() as (MessageEntity & { role: 'user' | 'assistant' })[];
  }

  /**
   * Stores the fan's message and an empty assistant message before the model
   * runs, so what the fan wrote survives a crash — in one statement (the
   * `send_turn` function, one round trip) with what must succeed or fail with
   * it: under the fan's lock (serialising their sends across replicas), the
   * free-tier allowances of `allowance` are taken and the fan's replies still
   * streaming (one silent for ABANDONED_AFTER_MS belonged to a dead process)
   * are counted against `maxReplies`. A refusal stores and takes nothing.
   *
   * The same round trip checks the conversation is the fan's (else CONVERSATION_NOT_FOUND, nothing
   * taken) and the fan's standing (a suspended or cooled-down fan, or a paused persona, is refused
   * as ChatStanding words it, nothing taken), and answers with what the model is shown of it: up to
   * `historyTurns` of its finished turns before this one, oldest first, read under the fan's lock
   * (migrations 1796700000000 and 1796800000000). With `inPerson`, a thread the creator holds in
   * person takes the fan's message alone (no reply, allowance or reply slot; see InPersonHold);
   * with `store` false only such a thread stores anything; with `memory`, the answer carries the
   * fan's memory switch and memories of the conversation's creator.
   */
  async sendTurn(
    turn: NewTurn,
    allowance: FreeTierAllowance,
    maxReplies: number,
    options: SendTurnOptions = {},
  ): Promise<SentTurn> {
    const counters = allowance.counters;
    try {
      const [row] = (await this.messages.query(
        `SELECT "chat_inference"."send_turn"($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9, $10, $11::text[], $12::text[], $13::integer[], $14, $15, $16::jsonb, $17::jsonb, $18, $19, $20, $21) AS turn`,
        [
          turn.owner,
          turn.conversationId,
          turn.userMessageId,
          turn.assistantMessageId,
          JSON.stringify([{ text: turn.text }]),
          turn.aiContext === null ? null : JSON.stringify(turn.aiContext),
          new Date(),
          allowance.counted,
          allowance.userLimit,
          allowance.windowSeconds,
          counters.map((counter) => counter.scope),
          counters.map((counter) => counter.key),
          counters.map((counter) => counter.limit),
          maxReplies,
          ABANDONED_AFTER_MS / 1000,
          turn.verdict === null ? null : JSON.stringify(turn.verdict),
          turn.notice === null ? null : JSON.stringify(turn.notice),
          options.historyTurns ?? 0,
          options.inPerson ?? false,
          options.memory ?? false,
          options.store ?? true,
        ],
      )) as { turn: StoredTurnAnswer }[];
      return sentTurnOf(turn, row!.turn);
    } catch (error) {
      const { code, detail } = error as { code?: unknown; detail?: unknown };
      if (code === 'BT404') throw ChatError.conversationNotFound();
      if (code === 'BT403') throw standingRefusal(detail, error);
      if (code === 'BT429') {
        const resetAt = typeof detail === 'string' && detail !== '' ? new Date(Number(detail)) : null;
        throw ChatError.rateLimited(resetAt ? resetAt.toISOString() : null);
      }
      if (code === 'BT409') throw ChatError.tooManyReplies(maxReplies);
      throw error;
    }
  }

  /** A reply of the fan's conversation (null for another fan's, a fan message or an unknown id). */
  findReply(owner: string, conversationId: string, id: string): Promise<MessageEntity | null> {
    return this.messages.findOneBy({ id, owner, conversationId, role: 'assistant' });
  }

  async saveAssistant(
    owner: string,
    id: string,
    update: {
      text: string;
      status: MessageStatus;
      stopReason?: string | null;
      citations?: MessageCitation[];
      /** The reply's verdict; with `flaggedText`, the reply was replaced and `text` is the safe message. */
      verdict?: StoredVerdict;
      flaggedText?: string;
    },
  ): Promise<void> {
    const { verdict, flaggedText } = update;
    await this.messages.update(
      { id, owner, role: 'assistant' },
      {
        content: [{ text: update.text }],
        status: update.status,
        ...(update.stopReason === undefined ? {} : { stopReason: update.stopReason }),
        ...(update.citations === undefined ? {} : { citations: update.citations }),
        ...(verdict === undefined
          ? {}
          : {
              moderationDirection: 'persona-reply' as const,
              moderationFlagged: verdict.flagged,
              moderationCategories: verdict.categories,
              moderationDecidedBy: verdict.decidedBy,
            }),
        ...(flaggedText === undefined ? {} : { moderationReviewText: flaggedText, flaggedAt: new Date() }),
      },
    );
  }

  /**
   * Writes the text so far of many streaming replies in one statement. A reply
   * that is no longer streaming (its final save came first) is left alone, so
   * a late batch never turns a finished reply back into a partial one.
   */
  async saveProgress(replies: { id: string; owner: string; text: string }[]): Promise<void> {
    if (replies.length === 0) return;
    await this.messages.query(
      `UPDATE "chat_inference"."messages" AS message
       SET "content" = jsonb_build_array(jsonb_build_object('text', progress.text)), "updatedAt" = now()
       FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS progress(id, owner, text)
       WHERE message.id = progress.id AND message.owner = progress.owner
         AND message.role = 'assistant' AND message.status = 'streaming'`,
      [
        replies.map((reply) => reply.id),
        replies.map((reply) => reply.owner),
        // A text parameter cannot hold NUL (jsonb could not either): the final save reports it.
        replies.map((reply) => reply.text.replaceAll('\u0000', '')),
      ],
    );
  }

  /** Proof that this process still works on these replies (see ABANDONED_AFTER_MS). */
  async touchStreaming(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.messages.query(
      `UPDATE "chat_inference"."messages" SET "updatedAt" = now()
       WHERE id = ANY($1::uuid[]) AND "status" = 'streaming'`,
      [ids],
    );
  }

  /**
   * Replies a crashed process left streaming (not touched for `idleMs`, by the database's own
   * clock, so neither a replica's clock skew nor two writes within one millisecond matter): marked failed with
   * the stop reason `interrupted`, their text so far kept, and what their sends took from the
   * free tier given back — the fan's allowance and the origin counters of the stored ticket.
   * One statement: a reply is failed and refunded together, once, whichever process sweeps it
   * (rows another sweep holds are skipped, and the ticket is cleared as it is used).
   */
  async failInterrupted(idleMs: number): Promise<{ replies: number; fans: number }> {
    const [row] = (await this.messages.query(
      `WITH failed AS (
         UPDATE "chat_inference"."messages" AS message
         SET "status" = 'failed', "stopReason" = 'interrupted', "freeTierTicket" = NULL, "updatedAt" = now()
         FROM (SELECT id, "freeTierTicket" AS ticket FROM "chat_inference"."messages"
               WHERE "status" = 'streaming' AND "role" = 'assistant'
                 AND "updatedAt" <= now() - make_interval(secs => $1::double precision / 1000)
               FOR UPDATE SKIP LOCKED) AS old
         WHERE message.id = old.id
         RETURNING message.owner, old.ticket
       ), fans AS (
         UPDATE "chat_inference"."user_rate_limits" AS fan
         SET "queryCount" = GREATEST(fan."queryCount" - refund.sends, 0)
         FROM (SELECT owner, count(*)::integer AS sends FROM failed WHERE ticket IS NOT NULL GROUP BY owner) AS refund
         WHERE fan."userId" = refund.owner
       ), origins AS (
         UPDATE "chat_inference"."free_tier_counters" AS counter
         SET "queryCount" = GREATEST(counter."queryCount" - refund.sends, 0)
         FROM (SELECT taken.scope, taken.key, count(*)::integer AS sends
               FROM failed CROSS JOIN LATERAL unnest(
                 ARRAY(SELECT jsonb_array_elements_text(failed.ticket -> 'scopes')),
                 ARRAY(SELECT jsonb_array_elements_text(failed.ticket -> 'keys'))
               ) AS taken(scope, key)
               WHERE failed.ticket IS NOT NULL
               GROUP BY taken.scope, taken.key) AS refund
         WHERE counter."scope" = refund.scope AND counter."key" = refund.key
       )
       SELECT count(*)::integer AS replies, count(DISTINCT owner)::integer AS fans FROM failed`,
      [idleMs],
    )) as { replies: number; fans: number }[];
    return row ?? { replies: 0, fans: 0 };
  }
}

function sentTurnOf(turn: NewTurn, answer: StoredTurnAnswer): SentTurn {
  return {
    heldInPerson: answer.held ? heldMessage(turn, answer.held) : null,
    history: (answer.history ?? []).map((stored) => ({ role: stored.role, content: messageText(stored) })),
    memory:
      answer.memories === undefined ? null : { choice: answer.memoryChoice ?? null, facts: answer.memories },
  };
}

/** The fan's message as `send_turn` stored it for the creator holding the thread. */
function heldMessage(turn: NewTurn, held: { id: string; createdAt: string }): MessageEntity {
  const { verdict } = turn;
  return Object.assign(new MessageEntity(), {
    id: held.id,
    conversationId: turn.conversationId,
    owner: turn.owner,
    role: 'user',
    content: [{ text: turn.text }],
    aiContext: null,
    toolConfiguration: null,
    status: 'complete',
    stopReason: null,
    citations: [],
    freeTierTicket: null,
    kind: 'message',
    care: null,
    moderationDirection: verdict ? 'fan-message' : null,
    moderationFlagged: verdict ? verdict.flagged : null,
    moderationCategories: verdict ? verdict.categories : null,
    moderationDecidedBy: verdict ? verdict.decidedBy : null,
    moderationReviewText: null,
    flaggedAt: null,
    createdAt: new Date(held.createdAt),
    updatedAt: new Date(held.createdAt),
  } satisfies MessageEntity);
}

/**
 * The fan's refusal from `send_turn`'s standing (DETAIL: `{ suspended, cooledDownUntil,
 * personaPaused, now }`), decided at the database's time by report-rules' `sendRefusal`.
 */
function standingRefusal(detail: unknown, error: unknown): unknown {
  const standing = JSON.parse(String(detail)) as {
    suspended: boolean;
    cooledDownUntil: number | null;
    personaPaused: boolean;
    now: number;
  };
  const refusal = sendRefusal(
    {
      suspended: standing.suspended,
      cooledDownUntil: standing.cooledDownUntil === null ? null : new Date(standing.cooledDownUntil),
      personaPaused: standing.personaPaused,
    },
    new Date(standing.now),
  );
  return refusal ? ReportError.sendRefused(refusal) : error;
}
