import { processPostIndex } from '@backtalk/ai';
import { MAYA_POSTS } from '@backtalk/ai/testing';
import { DurableQueue, holdStartupWork, InProcessServer, processBus } from '@backtalk/kit';
import { DurableSubjects, type ReplyOf, Subjects } from '@backtalk/proto';
import {
  createTestDatabase,
  startServicesInProcess,
  type InProcessServices,
  type TestDatabase,
  waitFor,
} from '@backtalk/testing';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { ingestionService } from '../index';

const MODELS = path.resolve(__dirname, '../../../../../shared/models');
const creatorId = randomUUID();
const postIds = MAYA_POSTS.map(() => randomUUID());
/** What the fake creators service holds; tests change it. */
let posts: ReplyOf<typeof Subjects.CreatorsPostList>['posts'] = [];

function setPosts(count: number, caption = (i: number) => MAYA_POSTS[i]!.caption): void {
  posts = MAYA_POSTS.slice(0, count).map((post, i) => ({
    id: postIds[i]!,
    creatorId,
    awemeId: String(i),
    caption: caption(i),
    desc: post.desc,
    transcript: post.transcript,
    tikTokCreatedAt: post.tikTokCreatedAt,
    videoUrl: post.url,
    coverUrl: '',
  }));
}

/** The creators service, faked on the in-process bus: ingestion asks it as it would in production. */
@Controller()
class FakeCreators {
  @MessagePattern(Subjects.CreatorsCreatorList)
  list(): ReplyOf<typeof Subjects.CreatorsCreatorList> {
    return {
      creators: [
        {
          id: creatorId,
          userId: 'u',
          handle: 'maya',
          nickName: 'Maya',
          tiktokURL: 'https://www.tiktok.com/@maya',
          bio: '',
          thumb: '',
          demoAccount: true,
          onboardingComplete: true,
          initComplete: true,
          verified: false,
          createdAt: new Date().toISOString(),
        },
      ],
    };
  }

  @MessagePattern(Subjects.CreatorsPostList)
  posts(): ReplyOf<typeof Subjects.CreatorsPostList> {
    return { posts };
  }

  @MessagePattern(Subjects.CreatorsKnowledgeSource)
  knowledgeSource(): ReplyOf<typeof Subjects.CreatorsKnowledgeSource> {
    return knowledge;
  }

  @MessagePattern(Subjects.CreatorsKnowledgeIndexRecord)
  record(
    @Payload() report: { version: number; done: number; total: number },
  ): ReplyOf<typeof Subjects.CreatorsKnowledgeIndexRecord> {
    reports.push(report);
    return { recorded: true };
  }
}

/** The creator's corrected answers, notes and exclusions as the fake creators service holds them. */
let knowledge: ReplyOf<typeof Subjects.CreatorsKnowledgeSource> = {
  creatorId,
  version: 0,
  answers: [],
  notes: [],
  excludedPostIds: [],
};
/** Ingestion's progress reports (creators.knowledge-index.record). */
const reports: Array<{ version: number; done: number; total: number }> = [];

@Module({ controllers: [FakeCreators] })
class FakeCreatorsModule {}

describe('ingestion builds the post index (fake creators on the in-process bus, real PostgreSQL, a real local embedding model)', () => {
  jest.setTimeout(60_000);
  let database: TestDatabase;
  let creators: INestMicroservice;
  let modelsDir: string;
  const running: InProcessServices[] = [];
  const index = processPostIndex();

  const startIngestion = async (env: Record<string, string> = {}) => {
    const services = await startServicesInProcess([ingestionService], {
      DATABASE_URL: database.url,
      EMBEDDINGS_PROVIDER: 'local',
      EMBEDDINGS_MODEL: 'embedder.gguf',
      MODELS_DIR: modelsDir,
      LLM_THREADS: '1',
      ...env,
    });
    running.push(services);
    return services;
  };
  const dataSource = (services: InProcessServices) => services.apps[0]!.get(DataSource);
  const stored = async (services: InProcessServices, model = 'local:embedder.gguf') =>
    (await dataSource(services).query(
      `SELECT "postId", "model", "dimensions", "contentHash" FROM ingestion.post_embeddings WHERE "creatorId" = $1 AND "model" = $2`,
      [creatorId, model],
    )) as Array<{ postId: string; model: string; dimensions: number; contentHash: string }>;
  /** As creators announces changed posts: durably, named by the posts' new state. */
  const emitChanged = (services: InProcessServices) =>
    services.apps[0]!.get(DurableQueue).publish(
      DurableSubjects.IngestionCreatorPostsChanged,
      { creatorId },
      { dedupeId: `posts-changed:${creatorId}:${randomUUID()}` },
    );
  const ids = async () => (await index.postIds(creatorId)).sort();

  beforeAll(async () => {
    database = await createTestDatabase('ingestindex', { migratedFor: [ingestionService] });
    modelsDir = await mkdtemp(path.join(os.tmpdir(), 'backtalk-embedder-'));
    await copyFile(path.join(MODELS, 'stories260K.gguf'), path.join(modelsDir, 'embedder.gguf'));
    creators = await NestFactory.createMicroservice(FakeCreatorsModule, {
      strategy: new InProcessServer(processBus),
      logger: false,
    });
    await creators.listen();
    setPosts(10);
  });
  afterAll(async () => {
    for (const services of running.reverse()) await services.close();
    await creators?.close();
    await database?.drop();
    await rm(modelsDir, { recursive: true, force: true });
  });

  it('fills the index at start without a model call, then embeds the posts in the background and keeps the vectors in PostgreSQL', async () => {
    const ingestion = await startIngestion();
    expect(await ids()).toEqual(postIds.slice(0, 10).sort());
    const rows = await waitFor(
      async () => {
        const found = await stored(ingestion);
        return found.length === 10 ? found : undefined;
      },
      { timeoutMs: 20_000, what: 'the posts filled at start to be embedded' },
    );
    expect(rows.map((row) => row.postId).sort()).toEqual(postIds.slice(0, 10).sort());
    expect(rows.every((row) => row.model === 'local:embedder.gguf' && row.dimensions === 64)).toBe(true);
    const hits = await index.search(creatorId, 'sourdough', 3);
    expect(hits.length).toBeGreaterThan(0);
  });

  it('follows ingestion.creator-posts.changed: new posts are added, changed ones re-embedded, gone ones removed', async () => {
    const ingestion = running[0]!;
    const before = new Map((await stored(ingestion)).map((row) => [row.postId, row.contentHash]));
    setPosts(12, (i) => (i === 0 ? 'A brand new caption about croissants' : MAYA_POSTS[i]!.caption));
    posts = posts.slice(1).concat(posts.slice(0, 1)); // order does not matter
    posts = posts.filter((post) => post.id !== postIds[5]);
    await emitChanged(ingestion);
    const expected = postIds
      .slice(0, 12)
      .filter((id) => id !== postIds[5])
      .sort();
    // The index is updated first and the stored embeddings of gone posts removed after it.
    const storedIds = async () => (await stored(ingestion)).map((row) => row.postId).sort();
    await waitFor(
      async () =>
        (await ids()).join() === expected.join() && (await storedIds()).join() === expected.join()
          ? true
          : undefined,
      { timeoutMs: 20_000, what: 'the index and the stored embeddings to follow the posts' },
    );
    const after = new Map((await stored(ingestion)).map((row) => [row.postId, row.contentHash]));
    expect([...after.keys()].sort()).toEqual(expected);
    expect(after.get(postIds[0]!)).not.toBe(before.get(postIds[0]!));
    expect(after.get(postIds[1]!)).toBe(before.get(postIds[1]!));
    expect((await index.search(creatorId, 'croissants', 1))[0]?.doc.postId).toBe(postIds[0]);
  });

  it('a restart or a second replica clears nothing, and an emptied index is rebuilt from PostgreSQL without the model', async () => {
    const expected = await ids();
    // A second replica starts beside the first: the index must never be seen empty meanwhile.
    const removals: string[] = [];
    const removeCreator = index.removeCreator.bind(index);
    const removePosts = index.removePosts.bind(index);
    index.removeCreator = async (id) => {
      removals.push(`creator ${id}`);
      await removeCreator(id);
    };
    index.removePosts = async (id, postIdsToRemove) => {
      removals.push(`posts ${postIdsToRemove.join()}`);
      await removePosts(id, postIdsToRemove);
    };
    try {
      await startIngestion();
      await emitChanged(running[0]!);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(removals).toEqual([]);
      expect(await ids()).toEqual(expected);

      // The index is lost (a new Qdrant, a new process); the embedding model is gone too.
      await removeCreator(creatorId);
      await rm(path.join(modelsDir, 'embedder.gguf'));
      const third = await startIngestion();
      expect(await ids()).toEqual(expected);
      expect((await stored(third)).map((row) => row.postId).sort()).toEqual(expected);
    } finally {
      index.removeCreator = removeCreator;
      index.removePosts = removePosts;
    }
  });

  it('fills at start only once the host releases start-up work, and searches wait for that fill (standalone)', async () => {
    const expected = await ids();
    await index.removeCreator(creatorId); // a new process: its in-process index starts empty
    const startup = holdStartupWork(); // as the standalone launcher holds it until the gateway listens
    try {
      await startIngestion();
      expect(await ids()).toEqual([]);
      let hits: Awaited<ReturnType<typeof index.search>> | undefined;
      const search = index.search(creatorId, 'sourdough', 3).then((found) => (hits = found));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(hits).toBeUndefined();
      await startup.release();
      await search;
      expect(hits!.length).toBeGreaterThan(0);
      expect(await ids()).toEqual(expected);
    } finally {
      startup.discard();
    }
  });

  it('without its embedding model, indexes lexically, and embeds those posts once the model loads on a retry', async () => {
    const expected = await ids();
    await index.removeCreator(creatorId); // a new process, whose model is not there yet
    const ingestion = await startIngestion({ EMBEDDINGS_MODEL: 'later.gguf', EMBEDDINGS_RETRY_SECONDS: '1' });
    expect(await ids()).toEqual(expected);
    expect(await stored(ingestion, 'local:later.gguf')).toEqual([]);
    expect(await index.search(creatorId, 'sourdough starter', 1)).toHaveLength(1);

    await copyFile(path.join(MODELS, 'stories260K.gguf'), path.join(modelsDir, 'later.gguf'));
    const rows = await waitFor(
      async () => {
        const found = await stored(ingestion, 'local:later.gguf');
        return found.length === expected.length ? found : undefined;
      },
      { timeoutMs: 20_000, what: 'the posts indexed without the model to be embedded after it loads' },
    );
    expect(rows.map((row) => row.postId).sort()).toEqual(expected);
  });
  it('follows ingestion.creator-knowledge.changed: answers and notes are indexed with their kind and kept under customai-kb, an excluded post leaves the index, progress is reported', async () => {
    // One replica, so the one writing to this folder is the one taking the message.
    for (const services of running.splice(0)) await services.close();
    const storageDir = await mkdtemp(path.join(os.tmpdir(), 'backtalk-kb-'));
    const ingestion = await startIngestion({ OBJECT_STORAGE: 'local', OBJECT_STORAGE_DIR: storageDir });
    setPosts(10);
    const answerId = randomUUID();
    const noteId = randomUUID();
    knowledge = {
      creatorId,
      version: 7,
      answers: [
        {
          id: answerId,
          question: 'Which flour do you use for sourdough?',
          answer: 'Always a strong bread flour, 13 % protein.',
          updatedAt: new Date().toISOString(),
        },
      ],
      notes: [
        {
          id: noteId,
          title: 'Classes',
          text: 'Baking classes every Sunday.',
          updatedAt: new Date().toISOString(),
        },
      ],
      excludedPostIds: [postIds[2]!],
    };
    await ingestion.apps[0]!.get(DurableQueue).publish(
      DurableSubjects.IngestionCreatorKnowledgeChanged,
      { creatorId, version: 7 },
      { dedupeId: `knowledge-changed:${creatorId}:7` },
    );
    const expected = [...postIds.slice(0, 10).filter((id) => id !== postIds[2]), answerId, noteId].sort();
    await waitFor(async () => JSON.stringify(await ids()) === JSON.stringify(expected) || undefined, {
      timeoutMs: 20_000,
      what: 'the knowledge to be indexed',
    });
    const hits = await index.search(creatorId, 'which flour for sourdough', 10);
    expect(hits.find((hit) => hit.doc.postId === answerId)?.doc.source).toBe('answer');
    await waitFor(
      () => reports.some((r) => r.version === 7 && r.done === 11 && r.total === 11) || undefined,
      { timeoutMs: 20_000, what: 'the run to report version 7 indexed' },
    );
    const folder = path.join(storageDir, 'customai-kb', creatorId, 'knowledge');
    const answer = JSON.parse(
      await readFile(path.join(folder, 'answers', answerId, 'answer.json'), 'utf8'),
    ) as {
      answer: string;
    };
    expect(answer.answer).toBe('Always a strong bread flour, 13 % protein.');

    // The note deleted: its object goes, and so does its document.
    knowledge = { ...knowledge, version: 8, notes: [] };
    await ingestion.apps[0]!.get(DurableQueue).publish(
      DurableSubjects.IngestionCreatorKnowledgeChanged,
      { creatorId, version: 8 },
      { dedupeId: `knowledge-changed:${creatorId}:8` },
    );
    await waitFor(async () => !(await ids()).includes(noteId) || undefined, {
      timeoutMs: 20_000,
      what: 'the deleted note to leave the index',
    });
    await expect(readFile(path.join(folder, 'notes', noteId, 'note.json'))).rejects.toThrow();
    knowledge = { creatorId, version: 8, answers: [], notes: [], excludedPostIds: [] };
    await rm(storageDir, { recursive: true, force: true });
  });
});
