import { InMemoryPostIndex } from '@backtalk/ai';
import { MAYA_POSTS } from '@backtalk/ai/testing';
import { InProcessBus, InProcessClient, InProcessServer, loadConfig, ServiceClient } from '@backtalk/kit';
import { type PersonaGetReply, type ReplyOf, Subjects } from '@backtalk/proto';
import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { chatInferenceConfigSchema } from '../chat-inference.config';
import { CreatorPostsCopy } from './creator-posts.copy';

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
    const config = loadConfig(chatInferenceConfigSchema, { LOG_LEVEL: 'silent' });
    copy = new CreatorPostsCopy(new ServiceClient(new InProcessClient(bus), config, 'chat-inference'), index);
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
