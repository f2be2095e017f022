import { postDocumentOf, processPostIndex } from '@backtalk/ai';
import { MAYA_POSTS } from '@backtalk/ai/testing';
import { DurableQueue, InProcessServer, processBus, ServiceError } from '@backtalk/kit';
import { DurableSubjects, ErrorCode, type ReplyOf, Subjects } from '@backtalk/proto';
import {
  createTestDatabase,
  startServicesInProcess,
  type InProcessServices,
  type TestDatabase,
  waitFor,
} from '@backtalk/testing';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ingestionService } from '../index';
import { ReconcilePostIndex } from './reconcile-post-index.use-case';

type Post = ReplyOf<typeof Subjects.CreatorsPostList>['posts'][number];

/** What the fake creators service holds: creator id → posts. Tests change it. */
const held = new Map<string, Post[]>();
/** How many post lists the fake creators service answers with SERVICE_UNAVAILABLE next. */
let failingLists = 0;
let lists = 0;

function postsOf(creatorId: string, count: number): Post[] {
  return MAYA_POSTS.slice(0, count).map((post, i) => ({
    id: randomUUID(),
    creatorId,
    awemeId: String(i),
    caption: post.caption,
    desc: post.desc,
    transcript: post.transcript,
    tikTokCreatedAt: post.tikTokCreatedAt,
    videoUrl: post.url,
    coverUrl: '',
  }));
}

const fail = (code: ErrorCode, message: string) => new RpcException(new ServiceError(code, message).toWire());

/** The creators service, faked on the in-process bus: ingestion asks it as it would in production. */
@Controller()
class FakeCreators {
  @MessagePattern(Subjects.CreatorsCreatorList)
  list(): ReplyOf<typeof Subjects.CreatorsCreatorList> {
    return {
      creators: [...held.keys()].map((id) => ({
        id,
        userId: 'u',
        handle: `h${id.slice(0, 8)}`,
        nickName: 'Maya',
        tiktokURL: `https://www.tiktok.com/@h${id.slice(0, 8)}`,
        bio: '',
        thumb: '',
        demoAccount: false,
        onboardingComplete: true,
        initComplete: true,
        verified: true,
        createdAt: new Date().toISOString(),
      })),
    };
  }

  @MessagePattern(Subjects.CreatorsPostList)
  posts(@Payload() { creatorId }: { creatorId: string }): ReplyOf<typeof Subjects.CreatorsPostList> {
    lists++;
    if (failingLists > 0) {
      failingLists--;
      throw fail(ErrorCode.ServiceUnavailable, 'creators is restarting');
    }
    const posts = held.get(creatorId);
    if (!posts) throw fail(ErrorCode.CreatorNotFound, 'No such creator');
    return { posts };
  }

  /** No corrected answers, notes or exclusions (docs/creators.md, "Knowledge"). */
  @MessagePattern(Subjects.CreatorsKnowledgeSource)
  knowledge(
    @Payload() { creatorId }: { creatorId: string },
  ): ReplyOf<typeof Subjects.CreatorsKnowledgeSource> {
    if (!held.has(creatorId)) throw fail(ErrorCode.CreatorNotFound, 'No such creator');
    return { creatorId, version: 0, answers: [], notes: [], excludedPostIds: [] };
  }
}

@Module({ controllers: [FakeCreators] })
class FakeCreatorsModule {}

describe('the post index is repaired: a failed indexing is redelivered, and an hourly reconcile follows creators (in-process, real PostgreSQL)', () => {
  jest.setTimeout(60_000);
  let database: TestDatabase;
  let creators: INestMicroservice;
  let ingestion: InProcessServices;
  const index = processPostIndex();
  const indexed = async (creatorId: string) => (await index.postIds(creatorId)).sort();
  const idsOf = (posts: Post[]) => posts.map((post) => post.id).sort();

  beforeAll(async () => {
    database = await createTestDatabase('ingestrepair', { migratedFor: [ingestionService] });
    creators = await NestFactory.createMicroservice(FakeCreatorsModule, {
      strategy: new InProcessServer(processBus),
      logger: false,
    });
    await creators.listen();
    ingestion = await startServicesInProcess([ingestionService], {
      DATABASE_URL: database.url,
      EMBEDDINGS_PROVIDER: 'none',
      DURABLE_RETRY_BASE_MS: '200',
    });
  });
  afterAll(async () => {
    await ingestion?.close();
    await creators?.close();
    await database?.drop();
  });

  it('indexes a creator whose first indexing failed: the durable message is redelivered until the index has the posts', async () => {
    const creatorId = randomUUID();
    const posts = postsOf(creatorId, 6);
    held.set(creatorId, posts);
    failingLists = 1;
    const listsBefore = lists;
    await ingestion.apps[0]!.get(DurableQueue).publish(
      DurableSubjects.IngestionCreatorPostsChanged,
      { creatorId },
      { dedupeId: `posts-changed:${creatorId}:v1` },
    );
    await waitFor(
      async () => ((await indexed(creatorId)).join() === idsOf(posts).join() ? true : undefined),
      {
        timeoutMs: 15_000,
        what: "the creator's posts in the index after the failed run was retried",
      },
    );
    expect(lists - listsBefore).toBe(2);
  });

  it("one reconcile run indexes the posts the index is missing and removes a deleted creator's posts and embeddings", async () => {
    const present = randomUUID();
    const presentPosts = postsOf(present, 5);
    held.set(present, presentPosts);
    // Indexed once with 2 posts; 3 more were added and their announcement lost.
    await index.upsert(presentPosts.slice(0, 2).map(postDocumentOf));

    const deleted = randomUUID();
    const deletedPosts = postsOf(deleted, 3);
    await index.upsert(deletedPosts.map(postDocumentOf));
    const sql = ingestion.apps[0]!.get(DataSource);
    await sql.query(
      `INSERT INTO ingestion.post_embeddings ("postId", "model", "creatorId", "dimensions", "vector", "contentHash")
       VALUES ($1, 'local:embedder.gguf', $2, 2, '{0.5,0.5}', 'hash')`,
      [deletedPosts[0]!.id, deleted],
    );

    const result = await ingestion.apps[0]!.get(ReconcilePostIndex).execute();

    expect(await indexed(present)).toEqual(idsOf(presentPosts));
    expect(await indexed(deleted)).toEqual([]);
    expect(await index.creatorIds()).not.toContain(deleted);
    const rows = (await sql.query(`SELECT 1 FROM ingestion.post_embeddings WHERE "creatorId" = $1`, [
      deleted,
    ])) as unknown[];
    expect(rows).toEqual([]);
    expect(result).toMatchObject({ repaired: 1, removed: 1, failed: 0 });
  });
});
