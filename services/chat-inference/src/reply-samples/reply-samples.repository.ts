import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { REPLY_SAMPLES_LISTED, type ReplySample, type ReplySampleRating } from '@backtalk/proto';
import { DataSource } from 'typeorm';
import { type SamplingFacts, refusedByWhoAsked, samplingDay, samplingDecision } from './sampling-rules';

/** A reply that just ended, and what the send knew of its fan. */
export interface EndedReply {
  creatorId: string;
  fanId: string;
  /** The fan's message of the turn. */
  userMessageId: string;
  /** The persona's reply. */
  messageId: string;
  facts: Pick<SamplingFacts, 'ownPersona' | 'guest' | 'minor'>;
  /** How the fan's message and the reply are kept (personal data scrubbed). */
  scrub: (text: string) => string;
  at?: Date;
}

interface StoredMessage {
  id: string;
  content: { text: string }[];
  status: string;
  kind: string;
  moderationFlagged: boolean | null;
}

interface SampleRow {
  id: string;
  question: string;
  reply: string;
  sampledAt: Date;
  rating: ReplySampleRating | null;
}

/** Sampled replies and fans' opt-outs (docs/creators.md, "Sampled replies"); the only code that touches them. */
@Injectable()
export class ReplySamplesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Keeps the reply when samplingDecision says so, under a lock per fan and creator, so two
   * replies ending at once never go over the daily limit. Answers whether it was kept.
   */
  async sampleIfAllowed(ended: EndedReply): Promise<boolean> {
    // A guest's, a minor's or the creator's own reply is never kept: no transaction, no scrub.
    if (refusedByWhoAsked(ended.facts)) return false;
    const at = ended.at ?? new Date();
    const day = samplingDay(at);
    return this.dataSource.transaction(async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
        `reply-samples:${ended.fanId}:${ended.creatorId}`,
      ]);
      const [optOuts, counted, messages] = await Promise.all([
        db.query(`SELECT 1 FROM reply_sampling_opt_outs WHERE owner = $1`, [ended.fanId]) as Promise<
          unknown[]
        >,
        db.query(
          `SELECT count(*)::int AS count FROM reply_samples WHERE "fanId" = $1 AND "creatorId" = $2 AND day = $3`,
          [ended.fanId, ended.creatorId, day],
        ) as Promise<{ count: number }[]>,
        db.query(
          `SELECT id, content, status, kind, "moderationFlagged" FROM messages WHERE id = ANY($1::uuid[]) AND owner = $2`,
          [[ended.userMessageId, ended.messageId], ended.fanId],
        ) as Promise<StoredMessage[]>,
      ]);
      const fanMessage = messages.find((message) => message.id === ended.userMessageId);
      const reply = messages.find((message) => message.id === ended.messageId);
      const question = fanMessage ? textOf(fanMessage) : '';
      const replyText = reply ? textOf(reply) : '';
      // textOf trims, and scrubbing keeps a non-blank text non-blank: it waits for a reply that is kept.
      const replyShown =
        !!reply &&
        reply.status === 'complete' &&
        reply.kind === 'message' &&
        reply.moderationFlagged !== true &&
        question !== '' &&
        replyText !== '';
      const decision = samplingDecision({
        ...ended.facts,
        optedOut: optOuts.length > 0,
        replyShown,
        sampledToday: counted[0]?.count ?? 0,
      });
      if (!decision.sample) return false;
      await db.query(
        `INSERT INTO reply_samples (id, "creatorId", "fanId", "messageId", question, reply, day, "sampledAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT ("messageId") DO NOTHING`,
        [
          randomUUID(),
          ended.creatorId,
          ended.fanId,
          ended.messageId,
          ended.scrub(question),
          ended.scrub(replyText),
          day,
          at,
        ],
      );
      return true;
    });
  }

  /** The creator's newest samples and their thumbs counts; never the fan. */
  async list(creatorId: string): Promise<{ samples: ReplySample[]; counts: { up: number; down: number } }> {
    const [rows, counts] = await Promise.all([
      this.dataSource.query(
        `SELECT id, question, reply, "sampledAt", rating FROM reply_samples
         WHERE "creatorId" = $1 ORDER BY "sampledAt" DESC, id DESC LIMIT ${REPLY_SAMPLES_LISTED}`,
        [creatorId],
      ) as Promise<SampleRow[]>,
      this.dataSource.query(
        `SELECT rating, count(*)::int AS count FROM reply_samples
         WHERE "creatorId" = $1 AND rating IS NOT NULL GROUP BY rating`,
        [creatorId],
      ) as Promise<{ rating: ReplySampleRating; count: number }[]>,
    ]);
    const countOf = (rating: ReplySampleRating) => counts.find((row) => row.rating === rating)?.count ?? 0;
    return {
      samples: rows.map((row) => ({
        id: row.id,
        question: row.question,
        reply: row.reply,
        sampledAt: new Date(row.sampledAt).toISOString(),
        rating: row.rating,
      })),
      counts: { up: countOf('up'), down: countOf('down') },
    };
  }

  /** Sets or clears the creator's thumbs; false when the sample is not the creator's (or gone). */
  async rate(creatorId: string, sampleId: string, rating: ReplySampleRating | null): Promise<boolean> {
    const [, updated] = (await this.dataSource.query(
      `UPDATE reply_samples SET rating = $3, "ratedAt" = CASE WHEN $3::text IS NULL THEN NULL ELSE now() END
       WHERE id = $1 AND "creatorId" = $2`,
      [sampleId, creatorId, rating],
    )) as [unknown, number];
    return updated > 0;
  }

  async optedOut(owner: string): Promise<boolean> {
    const rows = (await this.dataSource.query(`SELECT 1 FROM reply_sampling_opt_outs WHERE owner = $1`, [
      owner,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** Turning sampling off also removes what was sampled of the fan so far, for every creator. */
  async setSampled(owner: string, sampled: boolean): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      if (sampled) {
        await db.query(`DELETE FROM reply_sampling_opt_outs WHERE owner = $1`, [owner]);
        return;
      }
      await db.query(`INSERT INTO reply_sampling_opt_outs (owner) VALUES ($1) ON CONFLICT DO NOTHING`, [
        owner,
      ]);
      await db.query(`DELETE FROM reply_samples WHERE "fanId" = $1`, [owner]);
    });
  }

  /** A deleted creator's samples (chat-inference.creator.erased). */
  async eraseCreator(creatorId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM reply_samples WHERE "creatorId" = $1`, [creatorId]);
  }
}

function textOf(message: StoredMessage): string {
  return message.content
    .map((block) => block.text)
    .join('\n')
    .trim();
}
