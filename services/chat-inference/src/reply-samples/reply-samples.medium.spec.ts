import { dataSourceOptions, openMigratedDataSource, transactionOf } from '@backtalk/kit';
import { type Actor, REPLY_SAMPLES_PER_FAN_PER_DAY } from '@backtalk/proto';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { chatInferenceDatabase } from '../chat-inference.database';
import { chatInferenceService } from '../index';
import { scrubPersonalData } from '../insights/scrub';
import type { CreatorCorpus } from '../persona/creator-corpus';
import { ChatRetentionRepository } from '../retention/chat-retention.repository';
import { ReplySamplesRepository } from './reply-samples.repository';
import { ReplySampling } from './reply-sampling.service';

const adult = (userId: string): Actor => ({
  userId,
  userType: 'authenticated',
  groups: [],
  ageBand: 'adult',
});

/** Sampled replies on real PostgreSQL (docs/creators.md, "Sampled replies"). */
describe('reply samples (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let repository: ReplySamplesRepository;
  let sampling: ReplySampling;
  /** creators' answer: which user owns each creator. */
  const creatorUsers = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase('reply_samples', { migratedFor: [chatInferenceService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(chatInferenceDatabase, database.url, 4) as Parameters<
        typeof openMigratedDataSource
      >[0],
    );
    repository = new ReplySamplesRepository(dataSource);
    const corpus = {
      persona: async (creatorId: string) => ({
        creatorId,
        userId: creatorUsers.get(creatorId) ?? randomUUID(),
      }),
    } as unknown as CreatorCorpus;
    sampling = new ReplySampling(repository, corpus);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  function newCreator(): { creatorId: string; creatorUser: Actor } {
    const creatorId = randomUUID();
    const creatorUser = adult(randomUUID());
    creatorUsers.set(creatorId, creatorUser.userId);
    return { creatorId, creatorUser };
  }

  /** A stored turn: the fan's message and the persona's reply, as SendMessage leaves them. */
  async function turn(
    fanId: string,
    creatorId: string,
    question: string,
    reply = 'Feed it every 12 hours!',
    replyColumns: { status?: string; moderationFlagged?: boolean } = {},
  ): Promise<{ userMessageId: string; messageId: string; conversationId: string }> {
    const existing = (await dataSource.query(
      `SELECT id FROM conversations WHERE owner = $1 AND "creatorId" = $2 LIMIT 1`,
      [fanId, creatorId],
    )) as { id: string }[];
    const conversationId =
      existing[0]?.id ??
      (
        (await dataSource.query(
          `INSERT INTO conversations (owner, "creatorId") VALUES ($1, $2) RETURNING id`,
          [fanId, creatorId],
        )) as { id: string }[]
      )[0]!.id;
    const userMessageId = randomUUID();
    const messageId = randomUUID();
    await dataSource.query(
      `INSERT INTO messages (id, "conversationId", owner, role, content) VALUES ($1, $2, $3, 'user', $4)`,
      [userMessageId, conversationId, fanId, JSON.stringify([{ text: question }])],
    );
    await dataSource.query(
      `INSERT INTO messages (id, "conversationId", owner, role, content, status, "moderationFlagged")
       VALUES ($1, $2, $3, 'assistant', $4, $5, $6)`,
      [
        messageId,
        conversationId,
        fanId,
        JSON.stringify([{ text: reply }]),
        replyColumns.status ?? 'complete',
        replyColumns.moderationFlagged ?? null,
      ],
    );
    return { userMessageId, messageId, conversationId };
  }

  async function replyEnds(fan: Actor, creatorId: string, question: string, reply?: string): Promise<void> {
    const { userMessageId, messageId } = await turn(fan.userId, creatorId, question, reply);
    await sampling.afterReply(
      fan,
      { creatorId, userId: creatorUsers.get(creatorId)! },
      userMessageId,
      messageId,
    );
  }

  it(`keeps the first ${REPLY_SAMPLES_PER_FAN_PER_DAY} replies a day per fan, scrubbed and without the fan`, async () => {
    const { creatorId, creatorUser } = newCreator();
    const fan = adult(randomUUID());
    const other = adult(randomUUID());
    for (let index = 1; index <= 5; index += 1)
      await replyEnds(fan, creatorId, `Question ${index} about rye?`);
    await replyEnds(other, creatorId, 'Hi, I am Sarah Miller, mail me at sarah@example.com', 'Sure Sarah!');

    const { samples, counts } = await sampling.list({ actor: creatorUser, creatorId });
    expect(samples.map((sample) => sample.question).sort()).toEqual([
      'Hi, I am [name], mail me at [email]',
      'Question 1 about rye?',
      'Question 2 about rye?',
      'Question 3 about rye?',
    ]);
    expect(samples.find((sample) => sample.question.startsWith('Hi'))?.reply).toBe(
      scrubPersonalData('Sure Sarah!'),
    );
    expect(counts).toEqual({ up: 0, down: 0 });
    // Nothing in the answer names the fan or their messages.
    const shown = JSON.stringify(samples);
    expect(shown).not.toContain(fan.userId);
    expect(shown).not.toContain(other.userId);
    expect(Object.keys(samples[0]!).sort()).toEqual(['id', 'question', 'rating', 'reply', 'sampledAt']);
  });

  it('counts the limit per UTC day: the next day keeps again', async () => {
    const { creatorId } = newCreator();
    const fanId = randomUUID();
    const kept: boolean[] = [];
    const facts = { ownPersona: false, guest: false, minor: false };
    for (const at of [
      '2026-03-02T08:00:00Z',
      '2026-03-02T12:00:00Z',
      '2026-03-02T16:00:00Z',
      '2026-03-02T23:59:00Z',
      '2026-03-03T00:01:00Z',
    ]) {
      const { userMessageId, messageId } = await turn(fanId, creatorId, `Asked at ${at}?`);
      kept.push(
        await repository.sampleIfAllowed({
          creatorId,
          fanId,
          userMessageId,
          messageId,
          facts,
          scrub: scrubPersonalData,
          at: new Date(at),
        }),
      );
    }
    expect(kept).toEqual([true, true, true, false, true]);
  });

  it('holds the limit when replies of one fan end at the same time', async () => {
    const { creatorId, creatorUser } = newCreator();
    const fan = adult(randomUUID());
    const turns = [];
    for (let index = 0; index < 8; index += 1)
      turns.push(await turn(fan.userId, creatorId, `Same time ${index}?`));
    await Promise.all(
      turns.map(({ userMessageId, messageId }) =>
        sampling.afterReply(fan, { creatorId, userId: creatorUser.userId }, userMessageId, messageId),
      ),
    );
    expect((await sampling.list({ actor: creatorUser, creatorId })).samples).toHaveLength(
      REPLY_SAMPLES_PER_FAN_PER_DAY,
    );
  });

  it("never keeps an opted-out fan's replies, and opting out removes what was kept", async () => {
    const { creatorId, creatorUser } = newCreator();
    const fan = adult(randomUUID());
    expect(await sampling.setting({ actor: fan })).toEqual({ sampled: true });
    await replyEnds(fan, creatorId, 'Before opting out?');
    expect((await sampling.list({ actor: creatorUser, creatorId })).samples).toHaveLength(1);

    expect(await sampling.setSetting({ actor: fan, sampled: false })).toEqual({ sampled: false });
    expect(await sampling.setting({ actor: fan })).toEqual({ sampled: false });
    expect((await sampling.list({ actor: creatorUser, creatorId })).samples).toHaveLength(0);
    await replyEnds(fan, creatorId, 'After opting out?');
    expect((await sampling.list({ actor: creatorUser, creatorId })).samples).toHaveLength(0);

    await sampling.setSetting({ actor: fan, sampled: true });
    await replyEnds(fan, creatorId, 'Back on?');
    expect((await sampling.list({ actor: creatorUser, creatorId })).samples.map((s) => s.question)).toEqual([
      'Back on?',
    ]);
  });

  it("keeps no minor's, guest's, creator's own, failed or replaced reply", async () => {
    const { creatorId, creatorUser } = newCreator();
    await replyEnds({ ...adult(randomUUID()), ageBand: '16-17' }, creatorId, 'Minor?');
    await replyEnds({ ...adult(randomUUID()), ageBand: undefined }, creatorId, 'Unknown age?');
    await replyEnds({ ...adult(randomUUID()), userType: 'guest' }, creatorId, 'Guest?');
    await replyEnds(creatorUser, creatorId, 'My own persona?');
    const fan = adult(randomUUID());
    for (const columns of [{ status: 'failed' }, { moderationFlagged: true }]) {
      const { userMessageId, messageId } = await turn(fan.userId, creatorId, 'Not shown?', 'x', columns);
      await sampling.afterReply(fan, { creatorId, userId: creatorUser.userId }, userMessageId, messageId);
    }
    expect((await sampling.list({ actor: creatorUser, creatorId })).samples).toEqual([]);
  });

  it('scrubs only the replies it keeps: none of a guest, a minor or the creator, none past the limit', async () => {
    const { creatorId, creatorUser } = newCreator();
    const fanId = randomUUID();
    const scrub = jest.fn((text: string) => scrubPersonalData(text));
    const ends = async (facts: { ownPersona: boolean; guest: boolean; minor: boolean }) => {
      const { userMessageId, messageId } = await turn(
        fanId,
        creatorId,
        'I am Sarah Miller, rye?',
        'Yes Sarah!',
      );
      return repository.sampleIfAllowed({ creatorId, fanId, userMessageId, messageId, facts, scrub });
    };
    const fan = { ownPersona: false, guest: false, minor: false };
    const refused = [
      { ...fan, guest: true },
      { ...fan, minor: true },
      { ...fan, ownPersona: true },
    ];
    for (const facts of refused) expect(await ends(facts)).toBe(false);
    expect(scrub).not.toHaveBeenCalled();
    for (let index = 0; index < REPLY_SAMPLES_PER_FAN_PER_DAY; index += 1) expect(await ends(fan)).toBe(true);
    expect(scrub).toHaveBeenCalledTimes(2 * REPLY_SAMPLES_PER_FAN_PER_DAY);
    expect(await ends(fan)).toBe(false);
    expect(scrub).toHaveBeenCalledTimes(2 * REPLY_SAMPLES_PER_FAN_PER_DAY);
    const { samples } = await sampling.list({ actor: creatorUser, creatorId });
    expect(samples.map(({ question, reply }) => ({ question, reply }))).toEqual(
      Array(REPLY_SAMPLES_PER_FAN_PER_DAY).fill({ question: 'I am [name], rye?', reply: 'Yes [name]!' }),
    );
  });

  it("shows and rates only the creator's own samples, and counts the thumbs", async () => {
    const mine = newCreator();
    const theirs = newCreator();
    const fan = adult(randomUUID());
    await replyEnds(fan, mine.creatorId, 'For me?');
    await replyEnds(fan, mine.creatorId, 'For me too?');
    await replyEnds(fan, theirs.creatorId, 'For them?');
    const [first, second] = (await sampling.list({ actor: mine.creatorUser, creatorId: mine.creatorId }))
      .samples;
    const [their] = (await sampling.list({ actor: theirs.creatorUser, creatorId: theirs.creatorId })).samples;
    expect(their!.question).toBe('For them?');

    const rate = (sampleId: string, rating: 'up' | 'down' | null) =>
      sampling.rate({ actor: mine.creatorUser, creatorId: mine.creatorId, sampleId, rating });
    expect((await rate(first!.id, 'up')).counts).toEqual({ up: 1, down: 0 });
    const down = await rate(second!.id, 'down');
    expect(down.counts).toEqual({ up: 1, down: 1 });
    expect(down.samples.find((sample) => sample.id === second!.id)?.rating).toBe('down');
    expect((await rate(first!.id, null)).counts).toEqual({ up: 0, down: 1 });

    // Another creator's list, or another creator's sample through one's own creator id.
    await expect(
      sampling.list({ actor: mine.creatorUser, creatorId: theirs.creatorId }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      sampling.rate({
        actor: mine.creatorUser,
        creatorId: mine.creatorId,
        sampleId: their!.id,
        rating: 'down',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      sampling.rate({ actor: fan, creatorId: theirs.creatorId, sampleId: their!.id, rating: 'down' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await sampling.list({ actor: theirs.creatorUser, creatorId: theirs.creatorId })).counts).toEqual({
      up: 0,
      down: 0,
    });
  });

  it("goes with the fan's chat, the fan's account and the creator", async () => {
    const { creatorId, creatorUser } = newCreator();
    const fan = adult(randomUUID());
    const { userMessageId, messageId, conversationId } = await turn(fan.userId, creatorId, 'Deleted chat?');
    await sampling.afterReply(fan, { creatorId, userId: creatorUser.userId }, userMessageId, messageId);
    expect((await sampling.list({ actor: creatorUser, creatorId })).samples).toHaveLength(1);
    // A deleted chat takes its messages, and the samples go with them.
    await dataSource.query(`DELETE FROM messages WHERE "conversationId" = $1`, [conversationId]);
    expect((await sampling.list({ actor: creatorUser, creatorId })).samples).toHaveLength(0);

    const erased = adult(randomUUID());
    await replyEnds(erased, creatorId, 'Erased account?');
    await sampling.setSetting({ actor: erased, sampled: false });
    await sampling.setSetting({ actor: erased, sampled: true });
    await replyEnds(erased, creatorId, 'Erased account again?');
    await sampling.setSetting({ actor: erased, sampled: false });
    await dataSource.transaction((manager) =>
      new ChatRetentionRepository(dataSource).eraseUser(transactionOf(manager), erased.userId),
    );
    const left = (await dataSource.query(
      `SELECT (SELECT count(*) FROM reply_samples WHERE "fanId" = $1)::int AS samples,
              (SELECT count(*) FROM reply_sampling_opt_outs WHERE owner = $1)::int AS optouts`,
      [erased.userId],
    )) as { samples: number; optouts: number }[];
    expect(left[0]).toEqual({ samples: 0, optouts: 0 });

    await replyEnds(adult(randomUUID()), creatorId, 'Creator erased?');
    await repository.eraseCreator(creatorId);
    expect((await sampling.list({ actor: creatorUser, creatorId })).samples).toHaveLength(0);
  });
});
