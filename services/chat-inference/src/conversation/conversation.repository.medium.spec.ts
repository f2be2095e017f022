import { dataSourceOptions, openMigratedDataSource } from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { chatInferenceDatabase } from '../chat-inference.database';
import { chatInferenceService } from '../index';
import type { FreeTierAllowance } from '../rate-limit/free-tier.service';
import { ConversationEntity } from './conversation.entity';
import { ConversationRepository } from './conversation.repository';
import { MessageEntity, type MessageRole } from './message.entity';
import { MessageRepository } from './message.repository';

/** "My chats" (issue 24 item 1) against PostgreSQL: ordering, unread replies, search, delete, the allowance. */
describe('ConversationRepository: my chats (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let repository: ConversationRepository;
  let messages: MessageRepository;

  /** A message `secondsAgo` in the past (negative: in the future). */
  const say = async (
    conversationId: string,
    owner: string,
    role: MessageRole,
    text: string,
    secondsAgo: number,
    status = 'complete',
  ): Promise<string> => {
    const id = randomUUID();
    await dataSource.query(
      `INSERT INTO messages (id, "conversationId", owner, role, content, status, "createdAt")
       VALUES ($1, $2, $3, $4, $5, $6, now() - make_interval(secs => $7))`,
      [id, conversationId, owner, role, JSON.stringify([{ text }]), status, secondsAgo],
    );
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase('my_chats', { migratedFor: [chatInferenceService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(chatInferenceDatabase, database.url, 2) as Parameters<
        typeof openMigratedDataSource
      >[0],
    );
    repository = new ConversationRepository(dataSource.getRepository(ConversationEntity));
    messages = new MessageRepository(dataSource.getRepository(MessageEntity));
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('opens the latest conversation with a creator, and a fresh one on "New chat"', async () => {
    const fan = randomUUID();
    const creator = randomUUID();
    const first = await repository.open(fan, creator);
    expect(await repository.open(fan, creator)).toEqual(first);
    const second = await repository.open(fan, creator, true);
    expect(second.id).not.toBe(first.id);
    // The newest activity wins: a message in the first makes it the one /@handle opens.
    expect((await repository.open(fan, creator)).id).toBe(second.id);
    await say(first.id, fan, 'user', 'back to the first', -1);
    expect((await repository.open(fan, creator)).id).toBe(first.id);
    // Two tabs opening at once find one conversation, not two.
    const other = randomUUID();
    const racing = await Promise.all([repository.open(fan, other), repository.open(fan, other)]);
    expect(racing[0].id).toBe(racing[1].id);
  });

  it('lists only the fan’s conversations, newest activity first, with titles, last messages and unread replies', async () => {
    const fan = randomUUID();
    const stranger = randomUUID();
    const [maya, leo] = [randomUUID(), randomUUID()];
    const old = await repository.open(fan, maya);
    const recent = await repository.open(fan, leo);
    const named = await repository.open(fan, maya, true);
    await repository.open(stranger, maya);
    await dataSource.query(
      `UPDATE conversations SET "lastReadAt" = now() - interval '1 hour' WHERE id = ANY($1)`,
      [[old.id, recent.id, named.id]],
    );
    await say(old.id, fan, 'user', 'What do you eat before a run?', 600);
    await say(old.id, fan, 'assistant', 'Oats, mostly.', 590);
    await say(recent.id, fan, 'user', 'Hi Leo', 30);
    await say(recent.id, fan, 'assistant', 'Hey! Great to see you.', 20);
    await say(recent.id, fan, 'creator', 'It is really me, Leo.', 10);
    // A reply still streaming and a failed one are not unread replies.
    await say(recent.id, fan, 'assistant', 'half a rep', 5, 'streaming');
    await say(named.id, fan, 'user', 'plans', 300);
    await say(named.id, fan, 'assistant', 'failed reply', 299, 'failed');
    expect(await repository.rename(fan, named.id, '  Race plans  ')).toBe(true);
    // Read before its replies: none of them counts (read after the last reply).
    await dataSource.query(`UPDATE conversations SET "lastReadAt" = now() WHERE id = $1`, [old.id]);

    const listed = await repository.listOwned(fan);
    expect(listed.map((chat) => chat.id)).toEqual([recent.id, named.id, old.id]);
    expect(listed[0]).toMatchObject({
      title: 'Hi Leo',
      lastMessage: { role: 'creator', text: 'It is really me, Leo.' },
      unread: 2,
    });
    expect(listed[1]).toMatchObject({
      title: 'Race plans',
      lastMessage: { role: 'user', text: 'plans' },
      unread: 0,
    });
    expect(listed[2]).toMatchObject({ title: 'What do you eat before a run?', unread: 0 });

    // Opening it marks it read.
    expect(await repository.markRead(fan, recent.id)).toBeInstanceOf(Date);
    expect((await repository.listOwned(fan))[0]).toMatchObject({ id: recent.id, unread: 0 });

    // Another fan sees, reads, renames and deletes none of them.
    expect((await repository.listOwned(stranger)).map((chat) => chat.id)).not.toContain(recent.id);
    expect(await repository.getOwned(stranger, recent.id)).toBeNull();
    expect(await repository.markRead(stranger, recent.id)).toBeNull();
    expect(await repository.rename(stranger, recent.id, 'mine')).toBe(false);
    expect(await repository.deleteOwned(stranger, recent.id)).toBe(false);
    expect((await repository.getOwned(fan, recent.id))?.title).toBe('Hi Leo');
  });

  it("searches only the fan's own messages, case-insensitively, with % and _ taken literally", async () => {
    const fan = randomUUID();
    const stranger = randomUUID();
    const creator = randomUUID();
    const mine = await repository.open(fan, creator);
    const theirs = await repository.open(stranger, creator);
    await say(mine.id, fan, 'user', 'I want to run a MARATHON next spring', 50);
    await say(mine.id, fan, 'assistant', 'A marathon takes 16 weeks of training.', 40);
    await say(mine.id, fan, 'user', 'Is 100% effort too much?', 30);
    await say(theirs.id, stranger, 'user', 'my marathon secret', 20);

    const hits = await repository.searchOwned(fan, 'marathon');
    expect(hits.map((hit) => [hit.role, hit.conversationId])).toEqual([
      ['assistant', mine.id],
      ['user', mine.id],
    ]);
    expect(hits[1]!.snippet).toBe('I want to run a MARATHON next spring');
    expect(await repository.searchOwned(fan, 'secret')).toEqual([]);
    expect((await repository.searchOwned(fan, '100%')).map((hit) => hit.snippet)).toEqual([
      'Is 100% effort too much?',
    ]);
    expect(await repository.searchOwned(fan, '1_0')).toEqual([]);
    expect(await repository.searchOwned(stranger, 'spring')).toEqual([]);
  });

  it('deleting erases the conversation and its messages, and gives back no free messages', async () => {
    const fan = randomUUID();
    const creator = randomUUID();
    const allowance: FreeTierAllowance = { counted: true, userLimit: 1, windowSeconds: 3600, counters: [] };
    const send = (conversationId: string) =>
      messages.sendTurn(
        {
          owner: fan,
          conversationId,
          userMessageId: randomUUID(),
          assistantMessageId: randomUUID(),
          text: 'hello',
          aiContext: null,
          verdict: null,
          notice: null,
        },
        allowance,
        3,
      );
    const first = await repository.open(fan, creator);
    await send(first.id);
    const hidden = await say(first.id, fan, 'assistant', 'hidden by an admin', 1);
    await dataSource.query(`INSERT INTO hidden_messages ("messageId") VALUES ($1)`, [hidden]);

    expect(await repository.deleteOwned(fan, first.id)).toBe(true);
    expect(await repository.getOwned(fan, first.id)).toBeNull();
    expect(
      (
        await dataSource.query(`SELECT count(*)::int AS n FROM messages WHERE "conversationId" = $1`, [
          first.id,
        ])
      )[0].n,
    ).toBe(0);
    expect(
      (
        await dataSource.query(`SELECT count(*)::int AS n FROM hidden_messages WHERE "messageId" = $1`, [
          hidden,
        ])
      )[0].n,
    ).toBe(0);
    expect(await repository.deleteOwned(fan, first.id)).toBe(false);

    // The allowance is the fan's, not the conversation's: a new chat after deleting is still at the limit.
    const second = await repository.open(fan, creator, true);
    await expect(send(second.id)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(
      (await dataSource.query(`SELECT "queryCount" FROM user_rate_limits WHERE "userId" = $1`, [fan]))[0]
        .queryCount,
    ).toBe(1);
  });
});
