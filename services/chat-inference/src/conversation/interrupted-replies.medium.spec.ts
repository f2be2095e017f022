import { dataSourceOptions, openMigratedDataSource } from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { chatInferenceDatabase } from '../chat-inference.database';
import { chatInferenceService } from '../index';
import type { FreeTierAllowance } from '../rate-limit/free-tier.service';
import { MessageEntity } from './message.entity';
import { MessageRepository } from './message.repository';

/**
 * Issue 21 item 2b: MessageRepository.failInterrupted against real PostgreSQL — the replies a
 * dead process left streaming end failed, each gives back what its send took from the free tier,
 * once, and the fan's reply cap is free again.
 */
describe('replies interrupted by a crash (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let messages: MessageRepository;

  beforeAll(async () => {
    database = await createTestDatabase('interrupted_replies', { migratedFor: [chatInferenceService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(chatInferenceDatabase, database.url, 3) as Parameters<
        typeof openMigratedDataSource
      >[0],
    );
    messages = new MessageRepository(dataSource.getRepository(MessageEntity));
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const counted = (address: string, device: string): FreeTierAllowance => ({
    counted: true,
    userLimit: 5,
    windowSeconds: 3600,
    counters: [
      { scope: 'address', key: address, limit: 5 },
      { scope: 'device', key: device, limit: 5 },
    ],
  });
  const unlimited: FreeTierAllowance = { counted: false, userLimit: 0, windowSeconds: 0, counters: [] };

  /** A fan's stored turn whose reply is streaming; returns the reply's id. */
  async function send(owner: string, allowance: FreeTierAllowance, maxReplies = 10): Promise<string> {
    const [conversation] = (await dataSource.query(
      'INSERT INTO conversations (owner, "creatorId") VALUES ($1, $2) RETURNING id',
      [owner, randomUUID()],
    )) as { id: string }[];
    const assistantMessageId = randomUUID();
    await messages.sendTurn(
      {
        owner,
        conversationId: conversation!.id,
        userMessageId: randomUUID(),
        assistantMessageId,
        text: 'hello',
        aiContext: null,
        verdict: null,
        notice: null,
      },
      allowance,
      maxReplies,
    );
    return assistantMessageId;
  }

  /** The process that worked on these replies died a minute ago. */
  const lastTouchedMinuteAgo = (ids: string[]) =>
    dataSource.query(
      `UPDATE messages SET "updatedAt" = now() - interval '1 minute' WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  const taken = async () =>
    (await dataSource.query(
      `SELECT 'fan' AS scope, owner::text AS key, "queryCount" AS count FROM user_rate_limits
       UNION ALL SELECT scope, key, "queryCount" FROM free_tier_counters ORDER BY scope, key`,
    )) as { scope: string; key: string; count: number }[];
  const replies = async (ids: string[]) =>
    (await dataSource.query(
      `SELECT status, "stopReason", content->0->>'text' AS text FROM messages WHERE id = ANY($1::uuid[]) ORDER BY "createdAt"`,
      [ids],
    )) as { status: string; stopReason: string | null; text: string }[];

  it('fails the stale replies, keeps their text, gives back their messages exactly once and frees the cap', async () => {
    const [fan, subscriber, busy]: string[] = [randomUUID(), randomUUID(), randomUUID()];
    const [address, device]: string[] = [randomUUID(), randomUUID()];
    const cut = [await send(fan, counted(address, device)), await send(fan, counted(address, device))];
    const free = await send(subscriber, unlimited);
    const live = await send(busy, counted(randomUUID(), randomUUID()));
    await messages.saveProgress([{ id: cut[0]!, owner: fan, text: 'Half a sent' }]);
    await lastTouchedMinuteAgo([...cut, free]);
    const before = await taken();
    expect(before.filter((row) => [fan, address, device].includes(row.key)).map((row) => row.count)).toEqual([
      2, 2, 2,
    ]);

    // Two replicas sweeping at once still refund each reply once.
    const swept = await Promise.all([messages.failInterrupted(30_000), messages.failInterrupted(30_000)]);
    expect(swept[0]!.replies + swept[1]!.replies).toBe(3);
    expect(await messages.failInterrupted(30_000)).toEqual({ replies: 0, fans: 0 });

    expect(await replies(cut)).toEqual([
      { status: 'failed', stopReason: 'interrupted', text: 'Half a sent' },
      { status: 'failed', stopReason: 'interrupted', text: '' },
    ]);
    expect(await replies([free])).toEqual([{ status: 'failed', stopReason: 'interrupted', text: '' }]);
    expect(await replies([live])).toEqual([{ status: 'streaming', stopReason: null, text: '' }]);
    const after = await taken();
    expect(after.filter((row) => [fan, address, device].includes(row.key)).map((row) => row.count)).toEqual([
      0, 0, 0,
    ]);
    // The live reply's fan keeps what it took.
    expect(after.find((row) => row.key === busy)?.count).toBe(1);

    // Nothing of the fan's counts as streaming any more: a cap of one admits the next send.
    await expect(send(fan, counted(address, device), 1)).resolves.toEqual(expect.any(String));
    await expect(send(busy, counted(randomUUID(), randomUUID()), 1)).rejects.toMatchObject({
      code: 'TOO_MANY_REPLIES',
    });
  });

  it('at a standalone start every streaming reply is failed, however recently it was written', async () => {
    const fan = randomUUID();
    const reply = await send(fan, counted(randomUUID(), randomUUID()));
    expect((await messages.failInterrupted(0)).replies).toBeGreaterThanOrEqual(1);
    expect(await replies([reply])).toEqual([{ status: 'failed', stopReason: 'interrupted', text: '' }]);
  });
});
