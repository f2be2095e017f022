import { randomUUID } from 'node:crypto';
import {
  type DurableQueue,
  ServiceError,
  dataSourceOptions,
  openMigratedDataSource,
  transactionOf,
} from '@backtalk/kit';
import { InMemoryPostIndex, PostRetriever, createChatModel, type PostDocument } from '@backtalk/ai';
import {
  createTestDatabase,
  startFakeChatServer,
  type FakeChatServer,
  type TestDatabase,
} from '@backtalk/testing';
import type { Actor, PersonaGetReply } from '@backtalk/proto';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import type { DataSource } from 'typeorm';
import { chatInferenceDatabase } from '../chat-inference.database';
import { chatInferenceService } from '../index';
import type { CreatorCorpus } from '../persona/creator-corpus';
import { CreatorErasedConsumer } from '../reports/creator-erased.consumer';
import { ReportRepository } from '../reports/report.repository';
import { ChatRetentionRepository } from '../retention/chat-retention.repository';
import { weekOf } from './insight-rules';
import { InsightsRepository } from './insights.repository';
import { ReplySamplesRepository } from '../reply-samples/reply-samples.repository';
import { InsightsService } from './insights.service';
import { VideoTitles } from './video-titles';

const user = (groups: string[] = []): Actor => ({ userId: randomUUID(), userType: 'authenticated', groups });
const WEEK_MS = 7 * 86_400_000;

/** Meaning without shared words: gigs and concerts are touring, lenses are cameras. */
const conceptEmbeddings: EmbeddingsInterface = {
  embedQuery: (text: string) => Promise.resolve(concepts(text)),
  embedDocuments: (texts: string[]) => Promise.resolve(texts.map(concepts)),
};
function concepts(text: string): number[] {
  const has = (words: string[]) => (words.some((word) => text.toLowerCase().includes(word)) ? 1 : 0);
  return [has(['tour', 'gig', 'concert']), has(['camera', 'lens']), has(['pasta', 'recipe']), 0.01];
}

const tourPost: PostDocument = {
  postId: 'p1',
  creatorId: 'c',
  caption: 'My European tour starts in March',
  desc: 'Tour dates: Paris, Berlin, Rome',
  transcript: '',
  tikTokCreatedAt: '2026-01-01T00:00:00Z',
  url: 'https://www.tiktok.com/@me/video/1',
};

describe('insights and video ideas (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let model: FakeChatServer;
  const published: { subject: string; payload: unknown; dedupeId: string }[] = [];
  const creatorUsers = new Map<string, string>();

  function service(embeddings: EmbeddingsInterface | null = null): InsightsService {
    const corpus = {
      persona: (creatorId: string) =>
        Promise.resolve({ creatorId, userId: creatorUsers.get(creatorId) } as PersonaGetReply),
    } as unknown as CreatorCorpus;
    const queue = {
      publish: (subject: string, payload: unknown, { dedupeId }: { dedupeId: string }) => {
        published.push({ subject, payload, dedupeId });
        return Promise.resolve({ duplicate: false });
      },
    } as unknown as DurableQueue;
    const chatModel = createChatModel({
      provider: 'openai',
      model: 'fake',
      baseUrl: model.url,
      apiKey: 'test',
      modelsDir: '/tmp',
    });
    return new InsightsService(
      new InsightsRepository(dataSource),
      queue,
      corpus,
      new PostRetriever({ index: new InMemoryPostIndex(), embeddings }),
      new VideoTitles(chatModel),
    );
  }

  function creator(): { creatorId: string; owner: Actor } {
    const owner = user();
    const creatorId = randomUUID();
    creatorUsers.set(creatorId, owner.userId);
    return { creatorId, owner };
  }

  beforeAll(async () => {
    database = await createTestDatabase('insights', { migratedFor: [chatInferenceService] });
    dataSource = await openMigratedDataSource(
      dataSourceOptions(chatInferenceDatabase, database.url, 2) as Parameters<
        typeof openMigratedDataSource
      >[0],
    );
    model = await startFakeChatServer((request) =>
      request.messages.some((message) => message.content.includes('camera'))
        ? 'Title: "The Camera I Film Everything With"'
        : 'Answering You',
    );
  });
  afterAll(async () => {
    await model?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('stores a question scrubbed, with its week and whether the posts answered it, and asks for grouping', async () => {
    const { creatorId } = creator();
    const fan = user();
    const insights = service();
    const askedAt = new Date('2026-11-25T10:00:00Z');
    await insights.record({
      creatorId,
      fanId: fan.userId,
      text: 'I am Sarah Miller (sarah@example.com) — when does your European tour start?',
      posts: [tourPost],
      askedAt,
    });
    await insights.record({
      creatorId,
      fanId: fan.userId,
      text: 'Which camera do you use?',
      posts: [tourPost],
      askedAt,
    });
    const rows = (await dataSource.query(
      `SELECT id, text, answered, to_char(week, 'YYYY-MM-DD') AS week, "fanId" FROM fan_questions
       WHERE "creatorId" = $1 ORDER BY text DESC`,
      [creatorId],
    )) as { id: string; text: string; answered: boolean; week: string; fanId: string }[];
    expect(rows.map(({ text, answered, week }) => ({ text, answered, week }))).toEqual([
      { text: 'Which camera do you use?', answered: false, week: '2026-11-23' },
      {
        text: 'I am [name] ([email]) — when does your European tour start?',
        answered: true,
        week: '2026-11-23',
      },
    ]);
    // One durable message per question, named by it (a second publish is deduplicated).
    for (const row of rows)
      expect(published).toContainEqual({
        subject: 'chat-inference.fan-question.recorded',
        payload: { creatorId, questionId: row.id },
        dedupeId: row.id,
      });
  });

  it('groups questions into topics with weekly counts and trends; examples only from 3 different fans; video ideas titled by the chat model', async () => {
    const { creatorId, owner } = creator();
    const insights = service();
    const now = new Date();
    const lastWeek = new Date(now.getTime() - WEEK_MS);
    const ask = (text: string, askedAt = now, fan = user()) =>
      insights.record({ creatorId, fanId: fan.userId, text, posts: [tourPost], askedAt });
    // Touring: 3 fans this week, 1 last week (answered by the tour post).
    await ask('When does the European tour start?', lastWeek);
    await ask('Is the tour coming to Paris?');
    await ask('Tour dates for Berlin please!');
    await ask('Will the tour visit Rome?');
    // The camera: 2 fans, one of them twice; no post answers it.
    const twice = user();
    await ask('Which camera do you film with?', now, twice);
    await ask('What camera settings do you use?', now, twice);
    await ask('Is your camera expensive?');
    await ask('hi!!');

    expect((await insights.forCreator({ actor: owner, creatorId })).pending).toBe(8);
    await insights.group(creatorId);
    await insights.group(creatorId);
    const result = await insights.forCreator({ actor: owner, creatorId, weeks: 4 });

    expect(result.pending).toBe(0);
    expect(result.weeks).toHaveLength(4);
    expect(result.weeks.at(-1)).toBe(weekOf(now));
    expect(result.questionsPerWeek.map(({ count }) => count)).toEqual([0, 0, 1, 7]);
    expect(
      result.topics.map(({ label, questions, fans, trend }) => ({ label, questions, fans, trend })),
    ).toEqual([
      { label: 'tour', questions: 4, fans: 4, trend: 'up' },
      { label: 'camera', questions: 3, fans: 2, trend: 'new' },
    ]);
    expect(result.topics[0]!.weekly.map(({ count }) => count)).toEqual([0, 0, 1, 3]);
    expect(result.topics[0]!.examples).toHaveLength(3);
    expect(result.topics[0]!.examples).toContain('Will the tour visit Rome?');
    expect(result.topics[1]!.examples).toEqual([]);
    expect(result.videoIdeas).toEqual([
      expect.objectContaining({
        label: 'camera',
        title: 'The Camera I Film Everything With',
        fans: 2,
        questions: 3,
        examples: [],
      }),
    ]);
    // The model saw the unanswered questions, never who asked them.
    const titled = model.requests.find((request) =>
      request.messages.some((m) => m.content.includes('camera')),
    );
    expect(titled?.messages.at(-1)?.content).toContain('Which camera do you film with?');
    expect(JSON.stringify(titled)).not.toContain(twice.userId);

    const digest = await insights.digest({ creatorId, weeks: 1, limit: 5 });
    expect(digest).toEqual({
      topQuestions: [
        { label: 'tour', questions: 3, fans: 3 },
        { label: 'camera', questions: 3, fans: 2 },
      ],
      videoIdeas: [{ title: 'The Camera I Film Everything With', label: 'camera', fans: 2 }],
    });
  });

  it('groups by meaning where an embedding model is configured', async () => {
    const { creatorId, owner } = creator();
    const insights = service(conceptEmbeddings);
    for (const text of ['Any concerts soon?', 'When is the next gig?', 'Touring Asia?', 'New lens?'])
      await insights.record({ creatorId, fanId: user().userId, text, posts: [] });
    await insights.group(creatorId);
    const { topics } = await insights.forCreator({ actor: owner, creatorId });
    expect(topics.map(({ questions, fans }) => ({ questions, fans }))).toEqual([
      { questions: 3, fans: 3 },
      { questions: 1, fans: 1 },
    ]);
    expect(topics[0]!.examples).toHaveLength(3);
  });

  it('a creator sees only their own insights (admins may look)', async () => {
    const { creatorId } = creator();
    const insights = service();
    const refused = await insights.forCreator({ actor: user(), creatorId }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).code).toBe('FORBIDDEN');
    await expect(insights.forCreator({ actor: user(['admin']), creatorId })).resolves.toMatchObject({
      creatorId,
    });
  });

  it("a deleted fan's questions and a deleted creator's insights leave nothing behind", async () => {
    const { creatorId, owner } = creator();
    const insights = service();
    const leaving = user();
    await insights.record({ creatorId, fanId: leaving.userId, text: 'Which camera do you use?', posts: [] });
    await insights.record({ creatorId, fanId: leaving.userId, text: 'Do you ever eat pasta?', posts: [] });
    await insights.record({ creatorId, fanId: user().userId, text: 'Camera brand?', posts: [] });
    await insights.group(creatorId);
    await dataSource.transaction((manager) =>
      new ChatRetentionRepository(dataSource).eraseUser(transactionOf(manager), leaving.userId),
    );
    expect(
      await dataSource.query(`SELECT 1 FROM fan_questions WHERE "fanId" = $1`, [leaving.userId]),
    ).toEqual([]);
    const after = await insights.forCreator({ actor: owner, creatorId });
    expect(after.topics.map(({ label, questions }) => ({ label, questions }))).toEqual([
      { label: 'camera', questions: 1 },
    ]);
    // The camera topic's title may have been written from the erased fan's words: it is written anew.
    expect(after.videoIdeas[0]!.title).toBeNull();
    expect(
      await dataSource.query(`SELECT label FROM question_topics WHERE "creatorId" = $1 ORDER BY label`, [
        creatorId,
      ]),
    ).toEqual([{ label: 'camera' }]);

    const staying = creator();
    await insights.record({ creatorId: staying.creatorId, fanId: user().userId, text: 'Camera?', posts: [] });
    await insights.group(staying.creatorId);
    await new CreatorErasedConsumer(
      new ReportRepository(dataSource),
      new InsightsRepository(dataSource),
      new ReplySamplesRepository(dataSource),
    ).erased({
      creatorId,
    });
    const left = (await dataSource.query(
      `SELECT "creatorId" FROM fan_questions WHERE "creatorId" = ANY($1::uuid[])
       UNION ALL SELECT "creatorId" FROM question_topics WHERE "creatorId" = ANY($1::uuid[])`,
      [[creatorId, staying.creatorId]],
    )) as { creatorId: string }[];
    expect(left.map((row) => row.creatorId)).toEqual([staying.creatorId, staying.creatorId]);
  });
});
