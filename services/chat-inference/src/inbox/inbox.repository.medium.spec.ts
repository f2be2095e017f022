import { dataSourceOptions, openMigratedDataSource, transactionOf } from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { chatInferenceDatabase } from '../chat-inference.database';
import { ConversationEntity } from '../conversation/conversation.entity';
import { MessageEntity } from '../conversation/message.entity';
import { MessageRepository } from '../conversation/message.repository';
import { chatInferenceService } from '../index';
import { ChatRetentionRepository } from '../retention/chat-retention.repository';
import { ConversationWatchEntity, InboxConsentEntity } from './inbox.entity';
import { InboxRepository } from './inbox.repository';
import { WATCH_FRESH_MS } from './inbox-rules';

describe('InboxRepository (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let inbox: InboxRepository;
  let messages: MessageRepository;

  /** A fan's conversation with a creator, with messages a second apart (the last newest). */
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

  beforeAll(async () => {
    database = await createTestDatabase('inbox', { migratedFor: [chatInferenceService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(chatInferenceDatabase, database.url, 2) as Parameters<
        typeof openMigratedDataSource
      >[0],
    );
    inbox = new InboxRepository(
      dataSource,
      dataSource.getRepository(InboxConsentEntity),
      dataSource.getRepository(ConversationWatchEntity),
      dataSource.getRepository(MessageEntity),
      dataSource.getRepository(ConversationEntity),
    );
    messages = new MessageRepository(dataSource.getRepository(MessageEntity));
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('lists only the conversations whose fans allow reading, newest activity first, and only to their creator', async () => {
    const creator = randomUUID();
    const other = randomUUID();
    const [ana, ben, cleo] = [randomUUID(), randomUUID(), randomUUID()];
    const older = await conversation(ana, creator, ['hi', 'hello'], -100);
    const newer = await conversation(ben, creator, ['what gear do you use?'], 0);
    const private_ = await conversation(cleo, creator, ['keep this to us'], 50);
    const elsewhere = await conversation(ana, other, ['other creator'], 60);
    for (const [owner, id] of [
      [ana, older],
      [ben, newer],
      [ana, elsewhere],
    ] as const)
      await inbox.setConsent(owner, id, true);

    const listed = await inbox.listForCreator(creator);
    expect(listed.map((row) => row.id)).toEqual([newer, older]);
    expect(listed[0]).toMatchObject({ owner: ben, lastText: 'what gear do you use?', inPersonSince: null });
    expect(listed.map((row) => row.id)).not.toContain(private_);
    expect(await inbox.readable(creator, private_)).toBeNull();
    // Another creator never reads it, even with the fan's consent to their own creator.
    expect(await inbox.readable(other, newer)).toBeNull();
    expect(await inbox.readable(creator, elsewhere)).toBeNull();
    expect((await inbox.listForCreator(other)).map((row) => row.id)).toEqual([elsewhere]);
  });

  it("only the fan sets their conversation's consent, and withdrawing it hides the conversation at once", async () => {
    const creator = randomUUID();
    const fan = randomUUID();
    const id = await conversation(fan, creator, ['hi']);
    expect(await inbox.stateForFan(fan, id)).toEqual({ creatorMayRead: false, inPerson: false });
    expect(await inbox.setConsent(randomUUID(), id, true)).toBeNull();
    expect(await inbox.stateForFan(randomUUID(), id)).toBeNull();
    expect(await inbox.readable(creator, id)).toBeNull();

    await expect(inbox.setConsent(fan, id, true)).resolves.toEqual({ creatorMayRead: true, inPerson: false });
    // Allowing twice changes nothing.
    await expect(inbox.setConsent(fan, id, true)).resolves.toEqual({ creatorMayRead: true, inPerson: false });
    expect(await inbox.readable(creator, id)).not.toBeNull();

    await expect(inbox.setConsent(fan, id, false)).resolves.toEqual({
      creatorMayRead: false,
      inPerson: false,
    });
    expect(await inbox.readable(creator, id)).toBeNull();
    expect(await inbox.addInPersonMessage(creator, id, 'too late')).toBeNull();
    expect(await inbox.thread(id, 10)).toHaveLength(1);
  });

  it('stores an in-person message with the creator role, outside the history the model is given, until handed back', async () => {
    const creator = randomUUID();
    const fan = randomUUID();
    const id = await conversation(fan, creator, ['do you read these?', 'I do, in a way'], -10);
    await inbox.setConsent(fan, id, true);

    // Only the conversation's own creator may write in it.
    expect(await inbox.addInPersonMessage(randomUUID(), id, 'not me')).toBeNull();
    const stored = await inbox.addInPersonMessage(creator, id, 'Yes — this is really me!');
    expect(stored).toMatchObject({ owner: fan, message: { role: 'creator', status: 'complete' } });
    expect(await inbox.stateForFan(fan, id)).toEqual({ creatorMayRead: true, inPerson: true });
    const row = await inbox.readable(creator, id);
    expect(row).toMatchObject({ lastText: 'Yes — this is really me!' });
    expect(row?.inPersonSince).toBeInstanceOf(Date);

    const thread = await inbox.thread(id, 10);
    expect(thread.map((message) => message.role)).toEqual(['user', 'assistant', 'creator']);
    const history = await messages.recentTurns(fan, id, 20, []);
    expect(history.map((message) => message.content[0]?.text)).toEqual([
      'do you read these?',
      'I do, in a way',
    ]);

    expect(await inbox.handBack(randomUUID(), id)).toBe(false);
    expect(await inbox.handBack(creator, id)).toBe(true);
    expect(await inbox.stateForFan(fan, id)).toEqual({ creatorMayRead: true, inPerson: false });
  });

  it("while the creator holds the thread a fan's message is stored without a reply; before and after, it is not taken", async () => {
    const creator = randomUUID();
    const fan = randomUUID();
    const id = await conversation(fan, creator, ['hi', 'hello there'], -10);
    const verdict = { flagged: false, categories: [], decidedBy: 'keywords' };
    const turn = { owner: fan, conversationId: id, text: 'are you really here?', verdict };
    // The fan's message as a send offers it (send_turn, migration 1796800000000) when the persona
    // could not answer it: only a thread the creator holds in person takes it.
    const takeInPerson = async (offered: typeof turn) =>
      (
        await messages.sendTurn(
          {
            ...offered,
            userMessageId: randomUUID(),
            assistantMessageId: randomUUID(),
            aiContext: null,
            notice: null,
          },
          { counted: false, userLimit: 0, windowSeconds: 0, counters: [] },
          3,
          { inPerson: true, store: false },
        )
      ).heldInPerson;
    // Allowed to read but not held: the persona answers as usual.
    await inbox.setConsent(fan, id, true);
    expect(await takeInPerson(turn)).toBeNull();
    expect(await inbox.heldInPerson(fan, creator)).toBe(false);

    await inbox.addInPersonMessage(creator, id, 'I am here');
    expect(await inbox.heldInPerson(fan, creator)).toBe(true);
    expect(await inbox.heldInPerson(randomUUID(), creator)).toBe(false);
    expect(await inbox.heldInPerson(fan, randomUUID())).toBe(false);
    // Another fan cannot post into the held conversation.
    await expect(takeInPerson({ ...turn, owner: randomUUID() })).rejects.toMatchObject({
      code: 'CONVERSATION_NOT_FOUND',
    });
    expect(await inbox.thread(id, 10)).toHaveLength(3);
    const stored = await takeInPerson(turn);
    expect(stored).toMatchObject({
      role: 'user',
      owner: fan,
      status: 'complete',
      moderationDirection: 'fan-message',
      moderationFlagged: false,
      moderationDecidedBy: 'keywords',
    });
    const thread = await inbox.thread(id, 10);
    expect(thread.map((message) => message.role)).toEqual(['user', 'assistant', 'creator', 'user']);
    // Stored as it is announced to the creator's thread, and no reply.
    expect(thread.at(-1)).toMatchObject({ ...stored, updatedAt: expect.any(Date) });
    expect(thread.at(-1)?.content[0]?.text).toBe('are you really here?');
    expect((await inbox.readable(creator, id))?.lastText).toBe('are you really here?');

    await inbox.handBack(creator, id);
    expect(await inbox.heldInPerson(fan, creator)).toBe(false);
    expect(await takeInPerson({ ...turn, text: 'back to the persona' })).toBeNull();
    expect(await inbox.thread(id, 10)).toHaveLength(4);
  });

  it('tells an open chat by a fresh watch, and forgets watches a dead process left behind', async () => {
    const fan = randomUUID();
    const id = await conversation(fan, randomUUID(), ['hi']);
    const now = new Date();
    expect(await inbox.isWatched(id, now)).toBe(false);
    const watch = await inbox.addWatch(id, now);
    expect(await inbox.isWatched(id, now)).toBe(true);
    expect(await inbox.isWatched(id, new Date(now.getTime() + WATCH_FRESH_MS + 1))).toBe(false);
    expect(await dataSource.query(`SELECT 1 FROM conversation_watches WHERE id = $1`, [watch])).toHaveLength(
      0,
    );

    const again = await inbox.addWatch(id, now);
    await inbox.touchWatches([again], new Date(now.getTime() + WATCH_FRESH_MS));
    expect(await inbox.isWatched(id, new Date(now.getTime() + WATCH_FRESH_MS + 1))).toBe(true);
    await inbox.removeWatch(again);
    expect(await inbox.isWatched(id, now)).toBe(false);
  });

  it('a deleted fan account leaves no consent, in-person message or watch behind', async () => {
    const creator = randomUUID();
    const fan = randomUUID();
    const id = await conversation(fan, creator, ['hi']);
    await inbox.setConsent(fan, id, true);
    await inbox.addInPersonMessage(creator, id, 'hello from me');
    await inbox.addWatch(id, new Date());

    await dataSource.transaction((manager) =>
      new ChatRetentionRepository(dataSource).eraseUser(transactionOf(manager), fan),
    );

    for (const table of ['inbox_consents', 'conversation_watches', 'messages'])
      expect(await dataSource.query(`SELECT 1 FROM ${table} WHERE "conversationId" = $1`, [id])).toHaveLength(
        0,
      );
    expect(await inbox.listForCreator(creator)).toEqual([]);
  });
});
