import { loadConfig } from '@backtalk/kit';
import { randomUUID } from 'node:crypto';
import { useChatInferenceDatabase } from '../../test/chat-inference.harness';
import { chatInferenceConfigSchema } from '../chat-inference.config';
import { MessageEntity } from '../conversation/message.entity';
import { MessageRepository } from '../conversation/message.repository';
import { ChatRetention } from './chat-retention';
import { ChatRetentionRepository } from './chat-retention.repository';

/**
 * Flagged content kept for review (docs/safety.md, "What is stored, and for how long"): erased by
 * the retention step MODERATION_REVIEW_RETENTION_DAYS after it was flagged, the verdict kept.
 */
describe('retention of flagged chat content (real PostgreSQL)', () => {
  const db = useChatInferenceDatabase('flagged_content');

  /** A held-back fan message with its notice, and a replaced reply, flagged `daysAgo` days ago. */
  async function flaggedTurns(daysAgo: number): Promise<string> {
    const owner = randomUUID();
    const messages = new MessageRepository(db.dataSource.getRepository(MessageEntity));
    const [conversation] = (await db.dataSource.query(
      'INSERT INTO conversations (owner, "creatorId") VALUES ($1, $2) RETURNING id',
      [owner, randomUUID()],
    )) as { id: string }[];
    const none = { counted: false, userLimit: 0, windowSeconds: 0, counters: [] };
    await messages.sendTurn(
      {
        owner,
        conversationId: conversation!.id,
        userMessageId: randomUUID(),
        assistantMessageId: randomUUID(),
        text: 'a held-back message',
        aiContext: null,
        verdict: { flagged: true, categories: ['violence'], decidedBy: 'openai' },
        notice: { kind: 'safety-notice', text: "I can't talk about that here.", care: null },
      },
      none,
      3,
    );
    // Later than the notice (stored 1 ms after its message), so the order below is the order of the turns.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const replyId = randomUUID();
    await messages.sendTurn(
      {
        owner,
        conversationId: conversation!.id,
        userMessageId: randomUUID(),
        assistantMessageId: replyId,
        text: 'an ordinary question',
        aiContext: null,
        verdict: { flagged: false, categories: [], decidedBy: 'openai' },
        notice: null,
      },
      none,
      3,
    );
    await messages.saveAssistant(owner, replyId, {
      text: 'A safe message.',
      status: 'complete',
      verdict: { flagged: true, categories: ['violence'], decidedBy: 'openai' },
      flaggedText: 'the flagged reply text',
    });
    await db.dataSource.query(
      `UPDATE messages SET "flaggedAt" = now() - make_interval(days => $2) WHERE owner = $1 AND "flaggedAt" IS NOT NULL`,
      [owner, daysAgo],
    );
    return owner;
  }

  const rows = (owner: string) =>
    db.dataSource.query<
      { role: string; text: string; review: string | null; flagged: boolean | null; kept: boolean }[]
    >(
      `SELECT role, content -> 0 ->> 'text' AS text, "moderationReviewText" AS review,
              "moderationFlagged" AS flagged, "flaggedAt" IS NOT NULL AS kept
       FROM messages WHERE owner = $1 ORDER BY "createdAt", role DESC`,
      [owner],
    );

  it('erases the text after the review period and keeps the verdict; younger flagged content stays', async () => {
    const old = await flaggedTurns(31);
    const recent = await flaggedTurns(29);
    const config = loadConfig(chatInferenceConfigSchema, {
      BACKTALK_MODE: 'standalone',
      LOG_LEVEL: 'silent',
      MODERATION_PROVIDER: 'none',
      MODERATION_REVIEW_RETENTION_DAYS: '30',
    });
    const retention = new ChatRetention(new ChatRetentionRepository(db.dataSource), config);
    const step = retention.steps.find((candidate) => candidate.name === 'flaggedContent')!;

    expect(await step.run(new Date())).toBe(2);
    expect(await rows(old)).toEqual([
      { role: 'user', text: '', review: null, flagged: true, kept: false },
      { role: 'assistant', text: "I can't talk about that here.", review: null, flagged: null, kept: false },
      { role: 'user', text: 'an ordinary question', review: null, flagged: false, kept: false },
      { role: 'assistant', text: 'A safe message.', review: null, flagged: true, kept: false },
    ]);
    expect(await rows(recent)).toEqual([
      { role: 'user', text: 'a held-back message', review: null, flagged: true, kept: true },
      { role: 'assistant', text: "I can't talk about that here.", review: null, flagged: null, kept: false },
      { role: 'user', text: 'an ordinary question', review: null, flagged: false, kept: false },
      {
        role: 'assistant',
        text: 'A safe message.',
        review: 'the flagged reply text',
        flagged: true,
        kept: true,
      },
    ]);
    // Running again at the same time changes nothing more.
    expect(await step.run(new Date())).toBe(0);
  });
});
