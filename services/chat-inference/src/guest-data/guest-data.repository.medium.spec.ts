import { dataSourceOptions, openMigratedDataSource } from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { chatInferenceDatabase } from '../chat-inference.database';
import { chatInferenceService } from '../index';
import { GuestDataRepository } from './guest-data.repository';

describe('GuestDataRepository.transfer (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let repository: GuestDataRepository;

  const conversation = async (owner: string, creatorId: string, texts: string[], at = 0): Promise<string> => {
    const [row] = await dataSource.query(
      `INSERT INTO conversations (owner, "creatorId") VALUES ($1, $2) RETURNING id`,
      [owner, creatorId],
    );
    for (const [index, text] of texts.entries()) {
      await dataSource.query(
        `INSERT INTO messages (id, "conversationId", owner, role, content, "createdAt")
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
        [
          randomUUID(),
          row.id,
          owner,
          index % 2 ? 'assistant' : 'user',
          JSON.stringify([{ text }]),
          at + index,
        ],
      );
    }
    return row.id as string;
  };
  const messagesOf = async (owner: string) =>
    (
      (await dataSource.query(
        `SELECT c."creatorId", m.content->0->>'text' AS text FROM messages m
         JOIN conversations c ON c.id = m."conversationId" WHERE m.owner = $1 AND c.owner = $1
         ORDER BY c."creatorId", m."createdAt"`,
        [owner],
      )) as { creatorId: string; text: string }[]
    ).map((row) => `${row.creatorId.slice(0, 4)}:${row.text}`);
  const usage = async (userId: string) =>
    (await dataSource.query('SELECT "queryCount" FROM user_rate_limits WHERE "userId" = $1', [userId]))[0];

  beforeAll(async () => {
    database = await createTestDatabase('guest_data', { migratedFor: [chatInferenceService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(chatInferenceDatabase, database.url, 2) as Parameters<
        typeof openMigratedDataSource
      >[0],
    );
    repository = new GuestDataRepository(dataSource);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it("gives every guest conversation to the account as it is, beside the account's own with the same creator", async () => {
    const guest = randomUUID();
    const account = randomUUID();
    const stranger = randomUUID();
    const maya = `aaaa${randomUUID().slice(4)}`;
    const leo = `bbbb${randomUUID().slice(4)}`;
    const accounts = await conversation(account, maya, ['account hello', 'account reply']);
    // Several conversations per fan and creator (docs/chat.md, "My chats"): two guest chats with Maya.
    const guestMaya = await conversation(guest, maya, ['guest hello', 'guest reply'], 10);
    const guestMayaAgain = await conversation(guest, maya, ['guest again'], 20);
    await dataSource.query(`UPDATE conversations SET name = 'Race plans' WHERE id = $1`, [guestMayaAgain]);
    const guestLeo = await conversation(guest, leo, ['guest to leo']);
    await conversation(stranger, leo, ['not yours']);

    await expect(repository.transfer(guest, account)).resolves.toEqual({ conversations: 3, messages: 4 });

    const owned = (await dataSource.query(
      `SELECT c.id, c.name, array_agg(m.content->0->>'text' ORDER BY m."createdAt") AS texts
       FROM conversations c JOIN messages m ON m."conversationId" = c.id AND m.owner = c.owner
       WHERE c.owner = $1 GROUP BY c.id, c.name ORDER BY min(m."createdAt")`,
      [account],
    )) as { id: string; name: string; texts: string[] }[];
    // None merged: each keeps its id, its title and its messages in order.
    expect(owned).toEqual(
      expect.arrayContaining([
        { id: accounts, name: '', texts: ['account hello', 'account reply'] },
        { id: guestMaya, name: '', texts: ['guest hello', 'guest reply'] },
        { id: guestMayaAgain, name: 'Race plans', texts: ['guest again'] },
        { id: guestLeo, name: '', texts: ['guest to leo'] },
      ]),
    );
    expect(owned).toHaveLength(4);
    expect(await messagesOf(guest)).toEqual([]);
    expect(await messagesOf(stranger)).toEqual(['bbbb:not yours']);
    // Again: nothing left to move.
    await expect(repository.transfer(guest, account)).resolves.toEqual({ conversations: 0, messages: 0 });
  });

  it('adds the guest’s free-tier usage to the account’s current window, so signing up grants no fresh allowance', async () => {
    const guest = randomUUID();
    const account = randomUUID();
    await dataSource.query(
      `INSERT INTO user_rate_limits ("userId", owner, "queryCount", "resetTime") VALUES
       ($1, $1, 3, now() + interval '1 hour'), ($2, $2, 2, now() + interval '30 minutes')`,
      [guest, account],
    );
    await repository.transfer(guest, account);
    await expect(usage(account)).resolves.toEqual({ queryCount: 5 });
    await expect(usage(guest)).resolves.toBeUndefined();
  });

  it('carries the guest’s usage to an account without any, and drops a window that has ended', async () => {
    const [fresh, ended, account, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await dataSource.query(
      `INSERT INTO user_rate_limits ("userId", owner, "queryCount", "resetTime") VALUES
       ($1, $1, 4, now() + interval '1 hour'), ($2, $2, 9, now() - interval '1 minute')`,
      [fresh, ended],
    );
    await repository.transfer(fresh, account);
    await expect(usage(account)).resolves.toEqual({ queryCount: 4 });
    await repository.transfer(ended, other);
    await expect(usage(other)).resolves.toBeUndefined();
    await expect(usage(ended)).resolves.toBeUndefined();
  });
  it("gives the guest's memories and memory switch to the account, keeping a switch the account set", async () => {
    const memory = (owner: string, creatorId: string, text: string) =>
      dataSource.query(`INSERT INTO fan_memories (id, owner, "creatorId", text) VALUES ($1, $2, $3, $4)`, [
        randomUUID(),
        owner,
        creatorId,
        text,
      ]);
    const memoriesOf = async (owner: string) =>
      (
        (await dataSource.query('SELECT text FROM fan_memories WHERE owner = $1 ORDER BY text', [owner])) as {
          text: string;
        }[]
      ).map((row) => row.text);
    const switchOf = async (owner: string) =>
      (
        (await dataSource.query('SELECT enabled FROM fan_memory_settings WHERE owner = $1', [owner])) as {
          enabled: boolean;
        }[]
      ).map((row) => row.enabled);
    const creatorId = randomUUID();
    const [guest, account, otherGuest, otherAccount, stranger] = Array.from({ length: 5 }, () =>
      randomUUID(),
    );
    await memory(guest, creatorId, 'Their name is Sam');
    await memory(stranger, creatorId, 'Their name is Kim');
    await dataSource.query(
      'INSERT INTO fan_memory_settings (owner, enabled) VALUES ($1, true), ($2, false), ($3, true)',
      [guest, otherGuest, otherAccount],
    );

    await repository.transfer(guest, account);
    await repository.transfer(otherGuest, otherAccount);

    expect(await memoriesOf(account)).toEqual(['Their name is Sam']);
    expect(await memoriesOf(guest)).toEqual([]);
    expect(await memoriesOf(stranger)).toEqual(['Their name is Kim']);
    expect(await switchOf(account)).toEqual([true]);
    expect(await switchOf(guest)).toEqual([]);
    // The account's own choice stands; the guest's is gone.
    expect(await switchOf(otherAccount)).toEqual([true]);
    expect(await switchOf(otherGuest)).toEqual([]);
  });
});
