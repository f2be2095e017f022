import { randomUUID } from 'node:crypto';
import type { QueryRunner } from 'typeorm';
import { useChatInferenceDatabase } from '../../test/chat-inference.harness';
import { MessageEntity } from '../conversation/message.entity';
import { MessageRepository } from '../conversation/message.repository';
import { FREE_TIER_CASES, type FreeTierCase, WINDOW_SECONDS, type WindowAt } from './fixed-window.cases';
import type { FreeTierAllowance } from './free-tier.service';

/**
 * The table fixed-window.spec.ts runs against freeTierDecision, run here against the
 * `send_turn` SQL function through MessageRepository.sendTurn. Each row runs in a transaction
 * rolled back at its end: PostgreSQL's now() is the same for the whole transaction, so the
 * counters are stored relative to the very instant send_turn decides at.
 */
describe('send_turn follows the free-tier table (real PostgreSQL)', () => {
  const db = useChatInferenceDatabase('fixed_window');

  const store = (runner: QueryRunner, window: WindowAt, table: string, key: unknown[]) =>
    runner.query(
      table === 'fan'
        ? `INSERT INTO user_rate_limits ("userId", owner, "queryCount", "resetTime")
           VALUES ($1, $1, $2, now() + interval '1 millisecond' * $3)`
        : `INSERT INTO free_tier_counters (scope, key, "queryCount", "resetTime")
           VALUES ($1, $2, $3, now() + interval '1 millisecond' * $4)`,
      [...key, window.count, window.endsIn],
    );
  const stored = async (runner: QueryRunner, where: string, key: unknown[]): Promise<WindowAt | null> => {
    const [row] = (await runner.query(
      `SELECT "queryCount" AS count, (extract(epoch FROM "resetTime" - now()) * 1000)::float8 AS "endsIn"
       FROM ${where}`,
      key,
    )) as WindowAt[];
    return row ?? null;
  };

  /** Stores the row's counters, sends one message, and reads what send_turn answered and left. */
  async function sendIn(runner: QueryRunner, row: FreeTierCase) {
    const owner = randomUUID();
    const origin = row.origin.map((allowance) => ({ ...allowance, key: randomUUID() }));
    const [{ nowMs }] = (await runner.query(
      'SELECT floor(extract(epoch FROM now()) * 1000)::float8 AS "nowMs"',
    )) as { nowMs: number }[];
    const [conversation] = (await runner.query(
      'INSERT INTO conversations (owner, "creatorId") VALUES ($1, $2) RETURNING id',
      [owner, randomUUID()],
    )) as { id: string }[];
    if (row.fan) await store(runner, row.fan, 'fan', [owner]);
    for (const { scope, key, window } of origin)
      if (window) await store(runner, window, 'origin', [scope, key]);

    const allowance: FreeTierAllowance = row.unlimited
      ? { counted: false, userLimit: 0, windowSeconds: 0, counters: [] }
      : { counted: true, userLimit: row.limit, windowSeconds: WINDOW_SECONDS, counters: origin };
    const messages = new MessageRepository(runner.manager.getRepository(MessageEntity));
    await runner.query('SAVEPOINT send');
    const refusal = await messages
      .sendTurn(
        {
          owner,
          conversationId: conversation!.id,
          userMessageId: randomUUID(),
          assistantMessageId: randomUUID(),
          text: 'hello',
          aiContext: null,
          verdict: {
            flagged: row.held === true,
            categories: row.held ? ['self-harm'] : [],
            decidedBy: 'test',
          },
          notice: row.held
            ? { kind: 'safety-notice', text: "I can't talk about that here.", care: null }
            : null,
        },
        allowance,
        3,
      )
      .then(
        () => null,
        (error: { code?: string; details?: { nextAvailableTime: string | null } }) => error,
      );
    if (refusal) await runner.query('ROLLBACK TO SAVEPOINT send');

    const after = [await stored(runner, 'user_rate_limits WHERE "userId" = $1', [owner])];
    for (const { scope, key } of origin) {
      after.push(await stored(runner, 'free_tier_counters WHERE scope = $1 AND key = $2', [scope, key]));
    }
    const turn = (await runner.query(
      `SELECT role, status, kind, "moderationFlagged" AS flagged, "freeTierTicket" IS NOT NULL AS ticket
       FROM messages WHERE owner = $1 ORDER BY "createdAt"`,
      [owner],
    )) as { role: string; status: string; kind: string; flagged: boolean; ticket: boolean }[];
    return { nowMs, refusal, after, turns: turn.length, turn };
  }

  it.each(FREE_TIER_CASES)('$case', async (row) => {
    const runner = db.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      const { nowMs, refusal, after, turns, turn } = await sendIn(runner, row);

      if (row.canSendMessage) {
        expect(refusal).toBeNull();
        expect(turns).toBe(2);
        // A held-back message is answered at once by its notice: no reply streams, nothing to refund.
        expect(turn).toEqual([
          { role: 'user', status: 'complete', kind: 'message', flagged: row.held === true, ticket: false },
          row.held
            ? { role: 'assistant', status: 'complete', kind: 'safety-notice', flagged: null, ticket: false }
            : {
                role: 'assistant',
                status: 'streaming',
                kind: 'message',
                flagged: null,
                ticket: !row.unlimited,
              },
        ]);
      } else {
        expect(refusal).toMatchObject({
          code: 'RATE_LIMITED',
          details: {
            nextAvailableTime:
              row.nextAvailableIn === null ? null : new Date(nowMs + row.nextAvailableIn).toISOString(),
          },
        });
        expect(turns).toBe(0);
      }
      expect(after).toEqual(row.after);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
