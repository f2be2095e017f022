import { InMemoryPostIndex, postDocumentOf } from '@backtalk/ai';
import { MAYA_POSTS } from '@backtalk/ai/testing';
import {
  InProcessBus,
  InProcessClient,
  InProcessServer,
  loadConfig,
  ServiceClient,
  ServiceError,
} from '@backtalk/kit';
import { ErrorCode, type PersonaGetReply, type ReplyOf, Subjects } from '@backtalk/proto';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { chatInferenceConfigSchema } from '../chat-inference.config';
import { approximatePostBytes, CreatorPostsCopy } from './creator-posts.copy';

const creatorId = randomUUID();
const ids = MAYA_POSTS.map(() => randomUUID());
let posts: ReplyOf<typeof Subjects.CreatorsPostList>['posts'] = [];
let requests = 0;

const setPosts = (indexes: number[]) =>
  (posts = indexes.map((i) => ({
    id: ids[i]!,
    creatorId,
    awemeId: String(i),
    caption: MAYA_POSTS[i]!.caption,
    desc: MAYA_POSTS[i]!.desc,
    transcript: MAYA_POSTS[i]!.transcript,
    tikTokCreatedAt: MAYA_POSTS[i]!.tikTokCreatedAt,
    videoUrl: MAYA_POSTS[i]!.url,
    coverUrl: '',
  })));

/** The creators service, faked on the in-process bus. */
@Controller()
class FakeCreators {
  @MessagePattern(Subjects.CreatorsPostList)
  async list(): Promise<ReplyOf<typeof Subjects.CreatorsPostList>> {
    requests++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { posts };
  }
}

@Module({ controllers: [FakeCreators] })
class FakeCreatorsModule {}

const persona = (postsVersion: string): PersonaGetReply => ({
  creatorId,
  handle: 'maya',
  nickName: 'Maya',
  essencePrompt: '',
  creatorPrompt: '',
  demoAccount: true,
  initComplete: true,
  userId: 'u',
  postsVersion,
});

describe('CreatorPostsCopy (a cluster without Qdrant: this process keeps its own lexical copy)', () => {
  const bus = new InProcessBus();
  let creators: INestMicroservice;
  let copy: CreatorPostsCopy;
  const index = new InMemoryPostIndex();

  beforeAll(async () => {
    creators = await NestFactory.createMicroservice(FakeCreatorsModule, {
      strategy: new InProcessServer(bus),
      logger: false,
    });
    await creators.listen();
    const config = loadConfig(chatInferenceConfigSchema, {
      LOG_LEVEL: 'silent',
      MODERATION_PROVIDER: 'none',
    });
    const client = new ServiceClient(new InProcessClient(bus), config, 'chat-inference');
    copy = new CreatorPostsCopy(client, index, 64 * 1024 * 1024);
  });
  afterAll(() => creators?.close());

  it('copies the posts once per posts version, and concurrent readers share one copy', async () => {
    setPosts([0, 1, 2, 3]);
    await Promise.all([copy.ensure(persona('v1')), copy.ensure(persona('v1'))]);
    await copy.ensure(persona('v1'));
    expect(requests).toBe(1);
    expect((await index.postIds(creatorId)).sort()).toEqual(ids.slice(0, 4).sort());
    expect((await index.search(creatorId, MAYA_POSTS[2]!.caption, 1))[0]?.doc.postId).toBe(ids[2]);
  });

  it('follows a new posts version: new posts added, gone ones removed, never emptied', async () => {
    setPosts([1, 2, 3, 4, 5]);
    const removePosts = index.removePosts.bind(index);
    const countsAtRemoval: number[] = [];
    index.removePosts = async (id, gone) => {
      countsAtRemoval.push(await index.count(id));
      await removePosts(id, gone);
    };
    await copy.ensure(persona('v2'));
    expect(requests).toBe(2);
    expect(countsAtRemoval).toEqual([6]);
    expect((await index.postIds(creatorId)).sort()).toEqual(ids.slice(1, 6).sort());
  });
});

type Post = ReplyOf<typeof Subjects.CreatorsPostList>['posts'][number];

/** Creators as a stub client sees them: each creator's posts version and posts; a missing one is deleted. */
class StubCreators {
  readonly creators = new Map<string, { postsVersion: string; posts: Post[] }>();
  requests: string[] = [];

  readonly client = {
    request: async (subject: string, { creatorId }: { creatorId: string }) => {
      this.requests.push(`${subject} ${creatorId}`);
      const creator = this.creators.get(creatorId);
      if (!creator) throw new ServiceError(ErrorCode.CreatorNotFound, 'No such creator');
      return subject === Subjects.CreatorsPostList
        ? { posts: creator.posts }
        : { ...persona(creator.postsVersion), creatorId };
    },
  } as unknown as ServiceClient;

  /** A creator with `count` posts of the same size. */
  add(count: number, postsVersion = 'v1'): string {
    const id = randomUUID();
    this.set(id, count, postsVersion);
    return id;
  }

  set(id: string, count: number, postsVersion: string): void {
    const posts = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      creatorId: id,
      awemeId: String(i),
      caption: `caption ${i} `.padEnd(100, 'x'),
      desc: '',
      transcript: 'y'.repeat(400),
      tikTokCreatedAt: '2024-01-05T18:00:00.000Z',
      videoUrl: `https://www.tiktok.com/@c/video/${i}`,
      coverUrl: '',
    }));
    this.creators.set(id, { postsVersion, posts });
  }

  personaOf(id: string): PersonaGetReply {
    return { ...persona(this.creators.get(id)!.postsVersion), creatorId: id };
  }

  /** What the copy should count for the creator's posts. */
  bytesOf(id: string): number {
    const posts = this.creators.get(id)!.posts;
    return posts.reduce((sum, post) => sum + approximatePostBytes(postDocumentOf(post)), 0);
  }
}

describe('CreatorPostsCopy is bounded by approximate memory (least recently used creators leave first)', () => {
  let creators: StubCreators;
  let index: InMemoryPostIndex;
  const newCopy = (maxBytes: number) => new CreatorPostsCopy(creators.client, index, maxBytes);
  const heldIds = (copy: CreatorPostsCopy) => copy.held().map((held) => held.creatorId);

  beforeEach(() => {
    creators = new StubCreators();
    index = new InMemoryPostIndex();
  });

  it('evicts the creator chatted with least recently once the budget is exceeded, and reads it again when needed', async () => {
    const [a, b, c] = [creators.add(10), creators.add(10), creators.add(10)];
    const copy = newCopy(Math.floor(2.5 * creators.bytesOf(a)));
    await copy.ensure(creators.personaOf(a));
    await copy.ensure(creators.personaOf(b));
    await copy.ensure(creators.personaOf(a)); // a is now the most recent
    await copy.ensure(creators.personaOf(c));

    expect(heldIds(copy)).toEqual([a, c]);
    expect(await index.count(b)).toBe(0);
    expect(await index.count(a)).toBe(10);
    expect(await index.count(c)).toBe(10);

    creators.requests = [];
    await copy.ensure(creators.personaOf(b));
    expect(creators.requests).toEqual([`${Subjects.CreatorsPostList} ${b}`]);
    expect(heldIds(copy)).toEqual([c, b]);
    expect(await index.count(a)).toBe(0);
  });

  it('counts the approximate bytes of the creators it holds: added on a read, replaced on a new posts version, taken off on eviction', async () => {
    const [a, b] = [creators.add(10), creators.add(4)];
    const copy = newCopy(1024 * 1024);
    await copy.ensure(creators.personaOf(a));
    await copy.ensure(creators.personaOf(b));
    expect(copy.bytes).toBe(creators.bytesOf(a) + creators.bytesOf(b));
    expect(copy.held()).toEqual([
      { creatorId: a, bytes: creators.bytesOf(a) },
      { creatorId: b, bytes: creators.bytesOf(b) },
    ]);
    expect(creators.bytesOf(a)).toBeGreaterThan(10 * 2 * 500);

    creators.set(a, 2, 'v2');
    await copy.ensure(creators.personaOf(a));
    expect(copy.bytes).toBe(creators.bytesOf(a) + creators.bytesOf(b));

    const small = newCopy(creators.bytesOf(b) + creators.bytesOf(a) - 1);
    await small.ensure(creators.personaOf(b));
    await small.ensure(creators.personaOf(a));
    expect(heldIds(small)).toEqual([a]);
    expect(small.bytes).toBe(creators.bytesOf(a));
  });

  it('keeps a creator larger than the whole budget while it is the one just read', async () => {
    const [a, b] = [creators.add(10), creators.add(10)];
    const copy = newCopy(1);
    await copy.ensure(creators.personaOf(a));
    expect(heldIds(copy)).toEqual([a]);
    expect(await index.count(a)).toBe(10);
    await copy.ensure(creators.personaOf(b));
    expect(heldIds(copy)).toEqual([b]);
    expect(await index.count(a)).toBe(0);
  });

  it('drops a creator on creators.posts.changed once creators no longer has it or its posts are gone, and ignores creators it does not hold', async () => {
    const [a, b, c] = [creators.add(3), creators.add(3), creators.add(3)];
    const copy = newCopy(1024 * 1024);
    await copy.ensure(creators.personaOf(a));
    await copy.ensure(creators.personaOf(b));

    creators.creators.delete(a); // the creator record is gone
    await copy.changed(a);
    expect(heldIds(copy)).toEqual([b]);
    expect(await index.count(a)).toBe(0);
    expect(copy.bytes).toBe(creators.bytesOf(b));

    creators.set(b, 0, '0:0'); // retention removed the posts first
    await copy.changed(b);
    expect(heldIds(copy)).toEqual([]);
    expect(await index.count(b)).toBe(0);
    expect(copy.bytes).toBe(0);

    creators.requests = [];
    await copy.changed(c);
    expect(creators.requests).toEqual([]);
  });
});
