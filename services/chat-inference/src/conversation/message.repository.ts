import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, LessThan, Repository } from 'typeorm';
import { MessageEntity, type MessageCitation, type MessageStatus } from './message.entity';

/** A reply not written to for this long belonged to a process that died. */
export const ABANDONED_AFTER_MS = 5 * 60_000;

export interface NewTurn {
  owner: string;
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  text: string;
  /** Stored only when honoured (the creator or an admin previewing prompts); null otherwise. */
  aiContext: Record<string, unknown> | null;
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

  /** Runs work in one transaction: each step's writes commit together or not at all. */
  transaction<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.messages.manager.transaction(work);
  }

  /**
   * Serialises one fan's sends across replicas until the transaction ends, so
   * counting their streaming replies and adding one cannot interleave.
   */
  async lockSender(db: EntityManager, owner: string): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended('chat-send:' || $1, 0))`, [owner]);
  }

  /** The fan's replies still being written; one silent for `staleAfterMs` belonged to a dead process. */
  async countStreaming(db: EntityManager, owner: string, staleAfterMs: number): Promise<number> {
    const rows: { count: string }[] = await db.query(
      `SELECT count(*) AS count FROM messages
       WHERE owner = $1 AND status = 'streaming' AND "updatedAt" > now() - make_interval(secs => $2)`,
      [owner, staleAfterMs / 1000],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** The latest finished turns before the current one, oldest first. */
  async recentTurns(
    owner: string,
    conversationId: string,
    limit: number,
    exclude: string[],
  ): Promise<MessageEntity[]> {
    const rows = await this.messages
      .createQueryBuilder('message')
      .where('message.owner = :owner AND message.conversationId = :conversationId', { owner, conversationId })
      .andWhere('message.status = :status', { status: 'complete' })
      .andWhere(exclude.length ? 'message.id NOT IN (:...exclude)' : 'TRUE', { exclude })
      .orderBy('message.createdAt', 'DESC')
      .limit(limit)
      .getMany();
    return rows.reverse();
  }

  /**
   * Stores the fan's message and an empty assistant message, in the caller's
   * transaction, before the model runs, so what the fan wrote survives a crash.
   */
  async insertTurn(turn: NewTurn, db: EntityManager): Promise<void> {
    const now = Date.now();
    await db.insert(MessageEntity, [
      {
        id: turn.userMessageId,
        conversationId: turn.conversationId,
        owner: turn.owner,
        role: 'user',
        content: [{ text: turn.text }],
        // jsonb: TypeORM's deep-partial type cannot express an open record.
        aiContext: turn.aiContext as MessageEntity['aiContext'] & object,
        toolConfiguration: null,
        status: 'complete',
        stopReason: null,
        citations: [],
        createdAt: new Date(now),
      },
      {
        id: turn.assistantMessageId,
        conversationId: turn.conversationId,
        owner: turn.owner,
        role: 'assistant',
        content: [{ text: '' }],
        aiContext: null,
        toolConfiguration: null,
        status: 'streaming',
        stopReason: null,
        citations: [],
        createdAt: new Date(now + 1),
      },
    ]);
  }

  async saveAssistant(
    owner: string,
    id: string,
    update: {
      text: string;
      status: MessageStatus;
      stopReason?: string | null;
      citations?: MessageCitation[];
    },
  ): Promise<void> {
    await this.messages.update(
      { id, owner, role: 'assistant' },
      {
        content: [{ text: update.text }],
        status: update.status,
        ...(update.stopReason === undefined ? {} : { stopReason: update.stopReason }),
        ...(update.citations === undefined ? {} : { citations: update.citations }),
      },
    );
  }

  /** Replies a crashed process left half-written: keep their text, mark them failed. */
  async failAbandoned(olderThan: Date): Promise<number> {
    const stale = await this.messages.find({
      select: { id: true },
      where: { status: 'streaming', updatedAt: LessThan(olderThan) },
    });
    if (stale.length === 0) return 0;
    await this.messages.update(
      { id: In(stale.map((message) => message.id)) },
      { status: 'failed', stopReason: 'error' },
    );
    return stale.length;
  }
}
