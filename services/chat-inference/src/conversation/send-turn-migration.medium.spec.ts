import { randomUUID } from 'node:crypto';
import { useChatInferenceDatabase } from '../../test/chat-inference.harness';
import { SendTurnAnswersTheWholeSend1796800000000 } from '../migrations/1796800000000-SendTurnAnswersTheWholeSend';

/**
 * Migration 1796800000000 wraps the previous `send_turn` (kept as `send_turn_history`): its down
 * migration gives back the previous function, which stores a turn and answers the history as
 * before, and its up migration runs again on that.
 */
describe('send_turn migration 1796800000000, down and up again (real PostgreSQL)', () => {
  const db = useChatInferenceDatabase('send_turn_down');

  const versions = () =>
    db.dataSource.query<{ args: number; answer: string }[]>(
      `SELECT pronargs AS args, pg_get_function_result(p.oid) AS answer FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'chat_inference' AND p.proname = 'send_turn' ORDER BY pronargs`,
    );

  /** One send of `owner` in `conversationId` (no allowance counted), with the new arguments when `current`. */
  const send = (owner: string, conversationId: string, text: string, current: boolean) =>
    db.dataSource.query<{ turn: unknown }[]>(
      `SELECT "chat_inference"."send_turn"($1, $2, $3, $4, $5::jsonb, NULL, now(), false, 0, 0, '{}', '{}', '{}', 10, 30, NULL, NULL, 20${
        current ? ', true, true, true' : ''
      }) AS turn`,
      [owner, conversationId, randomUUID(), randomUUID(), JSON.stringify([{ text }])],
    );

  it('down gives back the previous send_turn, which still stores a turn and answers the history; up again works', async () => {
    const owner = randomUUID();
    const [conversation] = await db.dataSource.query<{ id: string }[]>(
      `INSERT INTO conversations (owner, "creatorId") VALUES ($1, $2) RETURNING id`,
      [owner, randomUUID()],
    );
    const finish = () =>
      db.dataSource.query(
        `UPDATE messages SET status = 'complete', content = '[{"text": "hi!"}]' WHERE owner = $1 AND role = 'assistant'`,
        [owner],
      );
    expect(await versions()).toEqual([{ args: 21, answer: 'jsonb' }]);
    expect((await send(owner, conversation!.id, 'first', true))[0]!.turn).toEqual({
      held: null,
      history: [],
      memoryChoice: null,
      memories: [],
    });
    await finish();

    const migration = new SendTurnAnswersTheWholeSend1796800000000();
    const runner = db.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await versions()).toEqual([{ args: 18, answer: 'jsonb' }]);
      expect((await send(owner, conversation!.id, 'second', false))[0]!.turn).toEqual([
        { role: 'user', content: [{ text: 'first' }] },
        { role: 'assistant', content: [{ text: 'hi!' }] },
      ]);
      await finish();
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await versions()).toEqual([{ args: 21, answer: 'jsonb' }]);
    const [answer] = await send(owner, conversation!.id, 'third', true);
    expect((answer!.turn as { history: unknown[] }).history).toHaveLength(4);
    expect(await db.dataSource.query(`SELECT 1 FROM messages WHERE owner = $1`, [owner])).toHaveLength(6);
  });
});
