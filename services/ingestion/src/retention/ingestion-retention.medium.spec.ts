import { PostRetriever } from '@backtalk/ai';
import {
  Clock,
  DAY_MS,
  DurableQueue,
  InProcessServer,
  processBus,
  RetentionJob,
  ServiceError,
} from '@backtalk/kit';
import { DurableSubjects, httpStatusFor, type ReplyOf, Subjects } from '@backtalk/proto';
import {
  createTestDatabase,
  startServicesInProcess,
  type InProcessServices,
  type TestDatabase,
  waitFor,
} from '@backtalk/testing';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { ingestionService } from '../index';
import { OBJECT_STORAGE, type ObjectStorage } from '../object-storage/object-storage';

const HOUR_MS = 60 * 60 * 1000;

/** Creators, faked on the in-process bus: ingestion's start-up fill asks it; it has nobody to list. */
@Controller()
class FakeCreators {
  @MessagePattern(Subjects.CreatorsCreatorList)
  list(): ReplyOf<typeof Subjects.CreatorsCreatorList> {
    return { creators: [] };
  }
}

@Module({ controllers: [FakeCreators] })
class FakeCreatorsModule {}

/** One creator as ingestion holds it after a run: objects, media rows, a job, embeddings, index entries. */
interface Held {
  userId: string;
  creatorId: string;
  coverKey: string;
}

/**
 * Ingestion erases a deleted creator's data at the creator-data term (30 days, as the creator's
 * posts in creators), through the real durable consumer and the kit's RetentionJob on PostgreSQL
 * and a local object-storage folder: nothing of that creator remains, another creator's is whole.
 */
describe('IngestionRetention erases a deleted creator (real PostgreSQL, local object storage)', () => {
  jest.setTimeout(60_000);
  let database: TestDatabase;
  let creators: INestMicroservice;
  let objects: string;
  let services: InProcessServices;
  let dataSource: DataSource;
  let storage: ObjectStorage;
  let retriever: PostRetriever;

  const count = async (table: string, creatorId: string) =>
    Number(
      (
        (await dataSource.query(`SELECT count(*) AS n FROM ${table} WHERE "creatorId" = $1`, [
          creatorId,
        ])) as {
          n: string;
        }[]
      )[0]!.n,
    );
  const held = async ({ creatorId }: Held) => ({
    objects: [
      ...(await storage.list(`tiktok-data/${creatorId}/`)),
      ...(await storage.list(`customai-kb/${creatorId}/`)),
    ].length,
    mediaObjects: await count('media_objects', creatorId),
    ingestJobs: await count('ingest_jobs', creatorId),
    postEmbeddings: await count('post_embeddings', creatorId),
    indexed: await retriever.postIndex.count(creatorId),
  });
  const everything = { objects: 4, mediaObjects: 2, ingestJobs: 2, postEmbeddings: 2, indexed: 2 };
  const nothing = { objects: 0, mediaObjects: 0, ingestJobs: 0, postEmbeddings: 0, indexed: 0 };

  /** What an init run and a re-sync leave for one creator. */
  async function ingested(): Promise<Held> {
    const userId = randomUUID();
    const creatorId = randomUUID();
    const coverKey = `tiktok-data/${creatorId}/7001/cover.svg`;
    const files = {
      [coverKey]: '<svg/>',
      [`tiktok-data/${creatorId}/7001/captions.vtt`]: 'WEBVTT\n',
      [`customai-kb/${creatorId}/essence.md`]: 'You are Maya.',
      [`customai-kb/${creatorId}/posts.md`]: '## 7001',
    };
    for (const [key, body] of Object.entries(files)) await storage.put(key, Buffer.from(body), 'text/plain');
    for (const [kind, key] of [
      ['cover', coverKey],
      ['caption', `tiktok-data/${creatorId}/7001/captions.vtt`],
    ])
      await dataSource.query(
        `INSERT INTO media_objects ("creatorId", "postId", kind, "storageKey", "contentType", "byteSize", sha256)
         VALUES ($1, '7001', $2, $3, 'image/svg+xml', 6, 'x')`,
        [creatorId, kind, key],
      );
    for (const kind of ['init', 'resync'])
      await dataSource.query(
        `INSERT INTO ingest_jobs ("idempotencyKey", "creatorId", owner, state, kind, "runId", handle)
         VALUES ($1, $2, $3, 'succeeded', $4, $5, 'maya.makes')`,
        [`${kind}:${creatorId}:x`, creatorId, userId, kind, randomUUID()],
      );
    const postIds = [randomUUID(), randomUUID()];
    for (const postId of postIds)
      await dataSource.query(
        `INSERT INTO post_embeddings ("postId", model, "creatorId", dimensions, vector, "contentHash")
         VALUES ($1, 'local:embedder.gguf', $2, 2, '{0.5,0.5}', 'h')`,
        [postId, creatorId],
      );
    await retriever.postIndex.upsert(
      postIds.map((postId) => ({
        postId,
        creatorId,
        caption: 'Centre the clay first',
        desc: 'Glaze test',
        transcript: '',
        tikTokCreatedAt: '2026-01-04T00:00:00Z',
        url: '',
      })),
    );
    return { userId, creatorId, coverKey };
  }

  const cover = (key: string) => services.client.request(Subjects.IngestionMediaGet, { key });

  beforeAll(async () => {
    database = await createTestDatabase('ingest_retention', { migratedFor: [ingestionService] });
    objects = await mkdtemp(path.join(os.tmpdir(), 'backtalk-retention-objects-'));
    creators = await NestFactory.createMicroservice(FakeCreatorsModule, {
      strategy: new InProcessServer(processBus),
      logger: false,
    });
    await creators.listen();
    services = await startServicesInProcess([ingestionService], {
      DATABASE_URL: database.url,
      OBJECT_STORAGE_DIR: objects,
    });
    const app = services.apps[0]!;
    dataSource = app.get(DataSource);
    storage = app.get<ObjectStorage>(OBJECT_STORAGE);
    retriever = app.get(PostRetriever);
  });
  afterAll(async () => {
    await services?.close();
    await creators?.close();
    await database?.drop();
    await rm(objects, { recursive: true, force: true });
  });

  it('erases every object, row and index entry of a deleted creator 30 days after the deletion, and only theirs', async () => {
    const app = services.apps[0]!;
    const clock = app.get(Clock);
    const job = app.get(RetentionJob);
    const deleted = await ingested();
    const staying = await ingested();
    expect(await held(deleted)).toEqual(everything);
    expect((await cover(deleted.coverKey)).contentType).toBe('image/svg+xml');

    const deletedAt = clock.now();
    await app
      .get(DurableQueue)
      .publish(
        DurableSubjects.IngestionAccountDeleted,
        { userId: deleted.userId, deletedAt: deletedAt.toISOString(), wasCreator: true },
        { dedupeId: `account-deleted:${deleted.userId}` },
      );
    await waitFor(
      async () =>
        (
          (await dataSource.query(`SELECT 1 FROM account_erasures WHERE "userId" = $1`, [
            deleted.userId,
          ])) as unknown[]
        ).length === 1 || undefined,
      { what: 'the erasure to be scheduled' },
    );

    // An hour before the term: everything is still there (the Terms: deleted *after* 30 days).
    clock.advance(30 * DAY_MS - HOUR_MS);
    await job.run();
    expect(await held(deleted)).toEqual(everything);

    clock.advance(HOUR_MS);
    const run = await job.run();
    expect(run).toMatchObject({
      accountsErased: 1,
      creatorObjects: 4,
      mediaObjects: 2,
      ingestJobs: 2,
      postEmbeddings: 2,
    });
    expect(await held(deleted)).toEqual(nothing);
    expect(await held(staying)).toEqual(everything);
    // The cover is no longer served: the media route answers 404.
    const gone = await cover(deleted.coverKey).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(ServiceError);
    expect(httpStatusFor((gone as ServiceError).code)).toBe(404);
    expect((await cover(staying.coverKey)).contentType).toBe('image/svg+xml');

    // A second run finds nothing more to erase.
    expect(await job.run()).toMatchObject({ accountsErased: 0, creatorObjects: 0 });
    expect(await held(staying)).toEqual(everything);
  });
});
