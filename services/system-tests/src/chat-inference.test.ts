import { billingService } from '@backtalk/billing';
import { creatorsService, loadDemoFixtures } from '@backtalk/creators';
import { featureFlagsService } from '@backtalk/feature-flags';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  BaseConfig,
  DrainingNatsServer,
  holdStartupWork,
  ServiceClient,
  ServiceKitModule,
  type ServiceDefinition,
} from '@backtalk/kit';
import { ChatErrorCode, ErrorCode, type MessageStreamEvent, Subjects } from '@backtalk/proto';
import {
  describeWithNats,
  startServicesInProcess,
  testNatsUrl,
  type InProcessServices,
  type TestDatabase,
} from '@backtalk/testing';
import { createSystemTestDatabase } from './service-databases';
import { Client } from 'pg';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { repoRoot } from './processes';
import { filter, firstValueFrom, toArray } from 'rxjs';
import { chatInferenceService } from '@backtalk/chat-inference';
import { ingestionService } from '@backtalk/ingestion';
import { processPostIndex } from '@backtalk/ai';

jest.setTimeout(90_000);

const storiesModel = path.resolve(repoRoot, '../shared/models/stories260K.gguf');
// Adult fans: grounding with the tiny model's short context is what these tests check; the minors' prompt
// rule (unknown age counts as 13–15, docs/safety.md) is not what they are about.
const fan = () => ({
  userId: randomUUID(),
  userType: 'guest' as const,
  groups: [] as string[],
  ageBand: 'adult' as const,
});
const admin = { userId: randomUUID(), userType: 'authenticated' as const, groups: ['admin'] };

// The other services are booted beside chat-inference, as standalone mode does; they are test fixtures here.
// Ingestion builds the post index that chat-inference reads.
const definitions = [
  creatorsService,
  ingestionService,
  featureFlagsService,
  billingService,
  chatInferenceService,
] as ServiceDefinition[];

async function boot(database: TestDatabase, env: Record<string, string> = {}): Promise<InProcessServices> {
  return startServicesInProcess(definitions, {
    DATABASE_URL: database.url,
    DEMO_DATA: 'true',
    LLM_PROVIDER: 'local',
    LLM_MODEL: storiesModel,
    LLM_THREADS: '1',
    LLM_MAX_TOKENS: '24',
    LLM_CONTEXT_SIZE: '2048',
    LLM_PRELOAD: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    FREE_TIER_MESSAGES: '3',
    ...env,
  });
}

async function send(
  services: InProcessServices,
  actor: ReturnType<typeof fan>,
  conversationId: string,
  text: string,
) {
  return firstValueFrom(
    services.client
      .stream(
        Subjects.ChatMessageSend,
        { actor, conversationId, content: [{ text }], aiContext: {} },
        { firstMs: 60_000 },
      )
      .pipe(toArray()),
  );
}

function fragments(events: MessageStreamEvent[]) {
  return events.filter(
    (event): event is Extract<MessageStreamEvent, { type: 'fragment' }> => event.type === 'fragment',
  );
}

interface BootedChat {
  services: InProcessServices;
  /** A new fan with a conversation open with the featured demo creator. */
  actor: ReturnType<typeof fan>;
  creatorId: string;
  conversationId: string;
}

/**
 * Boots the services on a fresh database, opens a new fan's conversation with
 * the featured creator, runs `body`, then closes the services and drops the database.
 */
async function withBootedServices(
  name: string,
  env: Record<string, string>,
  body: (booted: BootedChat) => Promise<void>,
): Promise<void> {
  const database = await createSystemTestDatabase(name);
  try {
    const services = await boot(database, env);
    try {
      const actor = fan();
      const creatorId = (await services.client.request(Subjects.CreatorsCreatorFeatured, {})).id;
      const conversation = await services.client.request(Subjects.ChatConversationOpen, { actor, creatorId });
      await body({ services, actor, creatorId, conversationId: conversation.id });
    } finally {
      await services.close();
    }
  } finally {
    await database.drop();
  }
}

describe('chat through chat-inference with a real local model', () => {
  let database: TestDatabase;
  let services: InProcessServices;
  let creatorId: string;

  beforeAll(async () => {
    database = await createSystemTestDatabase('chat');
    services = await boot(database);
    creatorId = (await services.client.request(Subjects.CreatorsCreatorFeatured, {})).id;
  }, 60_000);
  afterAll(async () => {
    await services?.close();
    await database?.drop();
  });

  it('opens one conversation per fan and creator', async () => {
    const actor = fan();
    const first = await services.client.request(Subjects.ChatConversationOpen, { actor, creatorId });
    const again = await services.client.request(Subjects.ChatConversationOpen, { actor, creatorId });
    expect(again.id).toBe(first.id);
    const other = await services.client.request(Subjects.ChatConversationOpen, { actor: fan(), creatorId });
    expect(other.id).not.toBe(first.id);
  });

  it('streams a reply in fragments <messageId>#<seq>, the last with a stop reason, and stores both messages', async () => {
    const actor = fan();
    const conversation = await services.client.request(Subjects.ChatConversationOpen, { actor, creatorId });
    const events = await send(
      services,
      actor,
      conversation.id,
      'How do you make shakshuka with canned tomatoes?',
    );
    const parts = fragments(events);
    // Text reaches the fan in moderated, sentence-sized pieces (docs/safety.md): a short reply may be
    // one piece, then the last fragment with its stop reason.
    expect(parts.length).toBeGreaterThanOrEqual(2);
    const messageId = parts[0]!.id.split('#')[0]!;
    parts.forEach((part, seq) => expect(part.id).toBe(`${messageId}#${seq}`));
    expect(parts.at(-1)?.stopReason).toMatch(/^(end_turn|max_tokens)$/);
    expect(parts.slice(0, -1).every((part) => part.stopReason === undefined)).toBe(true);
    const streamed = parts.map((part) => part.text).join('');
    expect(streamed.trim().length).toBeGreaterThan(0);

    const citations = events.find((event) => event.type === 'citations');
    expect(citations).toMatchObject({ messageId });

    const { messages } = await services.client.request(Subjects.ChatMessageList, {
      actor,
      conversationId: conversation.id,
    });
    expect(messages.map((message) => [message.role, message.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(messages[0]?.content).toBe('How do you make shakshuka with canned tomatoes?');
    expect(messages[1]).toMatchObject({ id: messageId, content: streamed });
    expect(messages[1]?.citations[0]?.caption.toLowerCase()).toContain('shakshuka');
  });

  it('never lets one fan read or write another fan’s conversation', async () => {
    const owner = fan();
    const intruder = fan();
    const conversation = await services.client.request(Subjects.ChatConversationOpen, {
      actor: owner,
      creatorId,
    });
    await expect(
      services.client.request(Subjects.ChatMessageList, { actor: intruder, conversationId: conversation.id }),
    ).rejects.toMatchObject({ code: ErrorCode.ConversationNotFound });
    await expect(send(services, intruder, conversation.id, 'hello')).rejects.toMatchObject({
      code: ErrorCode.ConversationNotFound,
    });
    const { messages } = await services.client.request(Subjects.ChatMessageList, {
      actor: owner,
      conversationId: conversation.id,
    });
    expect(messages).toEqual([]);
  });

  it('rejects bad input and stores nothing', async () => {
    const actor = fan();
    const conversation = await services.client.request(Subjects.ChatConversationOpen, { actor, creatorId });
    for (const content of [
      [{ text: '   ' }],
      [],
      [{ text: 'x'.repeat(4001) }],
      // PostgreSQL cannot store NUL; the contract refuses it before anything is stored or spent.
      [{ text: 'a\u0000' }],
      [{ text: 'a\ud800' }],
      Array.from({ length: 9 }, () => ({ text: 'hi' })),
    ]) {
      await expect(
        firstValueFrom(
          services.client.stream(Subjects.ChatMessageSend, {
            actor,
            conversationId: conversation.id,
            content,
          } as never),
        ),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    }
    await expect(
      services.client.request(Subjects.ChatConversationOpen, { actor, creatorId: 'not-a-uuid' }),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    await expect(
      services.client.request(Subjects.ChatConversationOpen, { actor, creatorId: randomUUID() }),
    ).rejects.toMatchObject({ code: ErrorCode.CreatorNotFound });
    const { messages } = await services.client.request(Subjects.ChatMessageList, {
      actor,
      conversationId: conversation.id,
    });
    expect(messages).toEqual([]);
  });

  it('enforces the free tier atomically under concurrent sends, and the status check does not count', async () => {
    const actor = fan();
    const conversation = await services.client.request(Subjects.ChatConversationOpen, { actor, creatorId });
    const status = await services.client.request(Subjects.ChatRateLimitCheck, {
      actor,
      creatorId,
      message: '',
    });
    expect(status).toEqual({ canSendMessage: true, nextAvailableTime: null });
    const results = await Promise.allSettled(
      Array.from({ length: 7 }, (_, i) => send(services, actor, conversation.id, `question ${i}`)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const rejected = results.filter(
      (result): result is PromiseRejectedResult => result.status === 'rejected',
    );
    expect(rejected).toHaveLength(4);
    for (const failure of rejected) {
      expect(failure.reason).toMatchObject({ code: ErrorCode.RateLimited });
      expect(failure.reason.message).toMatch(
        /^You've reached your message limit. You can send more messages after /,
      );
    }
    const after = await services.client.request(Subjects.ChatRateLimitCheck, {
      actor,
      creatorId,
      message: '',
    });
    expect(after.canSendMessage).toBe(false);
    expect(new Date(after.nextAvailableTime!).getTime()).toBeGreaterThan(Date.now());
    const { messages } = await services.client.request(Subjects.ChatMessageList, {
      actor,
      conversationId: conversation.id,
    });
    expect(messages.filter((message) => message.role === 'user')).toHaveLength(3);
  });

  it('grounds replies in the post a question is about: it is the first citation, for every demo creator', async () => {
    const { creators } = await services.client.request(Subjects.CreatorsCreatorList, { demoAccount: true });
    const fixtures = loadDemoFixtures();
    let checked = 0;
    for (const creator of creators) {
      const fixture = fixtures.find((candidate) => candidate.creator.tiktokURL === creator.tiktokURL)!;
      const actor = fan();
      const conversation = await services.client.request(Subjects.ChatConversationOpen, {
        actor,
        creatorId: creator.id,
      });
      for (const post of [fixture.posts[0]!, fixture.posts[fixture.posts.length - 1]!]) {
        const events = await send(services, actor, conversation.id, post.testQuestion);
        const citations = events.find((event) => event.type === 'citations');
        expect({
          question: post.testQuestion,
          cited: citations?.type === 'citations' ? citations.citations[0]?.caption : undefined,
        }).toEqual({
          question: post.testQuestion,
          cited: post.caption,
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(6);
  });

  it('a second chat-inference and ingestion on the same index clear nothing, and replies stay grounded', async () => {
    const { creators } = await services.client.request(Subjects.CreatorsCreatorList, { demoAccount: true });
    const fixtures = loadDemoFixtures();
    const index = processPostIndex();
    const counts = async () => Promise.all(creators.map((creator) => index.count(creator.id)));
    const before = await counts();
    expect(before.every((count) => count >= 10)).toBe(true);
    // Any removal while the second replica starts would be a replica wiping the index.
    const removals: string[] = [];
    const removeCreator = index.removeCreator.bind(index);
    const removePosts = index.removePosts.bind(index);
    index.removeCreator = async (id) => {
      removals.push(id);
      await removeCreator(id);
    };
    index.removePosts = async (id, ids) => {
      removals.push(id);
      await removePosts(id, ids);
    };
    // A second replica of each (and a restart is the same thing): same database, same index.
    const second = await startServicesInProcess([ingestionService, chatInferenceService], {
      DATABASE_URL: database.url,
      LLM_PROVIDER: 'local',
      LLM_MODEL: storiesModel,
      LLM_THREADS: '1',
      LLM_MAX_TOKENS: '24',
      LLM_CONTEXT_SIZE: '2048',
      LLM_PRELOAD: 'false',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    });
    try {
      expect(removals).toEqual([]);
      expect(await counts()).toEqual(before);
      for (const creator of creators) {
        const fixture = fixtures.find((candidate) => candidate.creator.tiktokURL === creator.tiktokURL)!;
        const post = fixture.posts[1]!;
        const actor = fan();
        const conversation = await services.client.request(Subjects.ChatConversationOpen, {
          actor,
          creatorId: creator.id,
        });
        const events = await send(services, actor, conversation.id, post.testQuestion);
        const citations = events.find((event) => event.type === 'citations');
        expect(citations?.type === 'citations' ? citations.citations[0]?.caption : undefined).toBe(
          post.caption,
        );
      }
      expect(removals).toEqual([]);
    } finally {
      index.removeCreator = removeCreator;
      index.removePosts = removePosts;
      await second.close();
    }
  });
});

describe('chat-inference when things go wrong', () => {
  it('turns a missing model into a visible error, stores the message as failed and gives the allowance back', async () => {
    await withBootedServices(
      'chatfail',
      { LLM_MODEL: '/nonexistent/model.gguf', FREE_TIER_MESSAGES: '1' },
      async ({ services, actor, creatorId, conversationId }) => {
        const events = await send(services, actor, conversationId, 'hello?');
        expect(events.find((event) => event.type === 'error')).toMatchObject({
          code: 'LLM_UNAVAILABLE',
          message: 'The AI could not answer right now. Send your message again in a moment.',
        });
        expect(fragments(events).at(-1)?.stopReason).toBe('error');
        const { messages } = await services.client.request(Subjects.ChatMessageList, {
          actor,
          conversationId,
        });
        expect(messages.map((message) => message.status)).toEqual(['complete', 'failed']);
        // Nothing was answered, so the one free message is still there.
        await expect(
          services.client.request(Subjects.ChatRateLimitCheck, { actor, creatorId, message: '' }),
        ).resolves.toEqual({
          canSendMessage: true,
          nextAvailableTime: null,
        });
      },
    );
  }, 60_000);

  it('lifts the limit when an admin turns bypassSubscriptions on', async () => {
    await withBootedServices(
      'bypass',
      { FREE_TIER_MESSAGES: '0' },
      async ({ services, actor, conversationId }) => {
        const [flag] = (
          await services.client.request(Subjects.FeatureFlagsFlagList, { environment: 'development' })
        ).flags;
        await services.client.request(Subjects.FeatureFlagsFlagUpdate, {
          actor: admin,
          id: flag!.id,
          enabled: true,
        });
        const events = await send(services, actor, conversationId, 'Once upon a time');
        expect(fragments(events).at(-1)?.stopReason).toMatch(/^(end_turn|max_tokens)$/);
      },
    );
  }, 60_000);

  it('answers a question asked before ingestion has filled the index at start from the filled index (standalone)', async () => {
    // As the standalone launcher does: the fill waits until every service has started.
    const startup = holdStartupWork();
    const index = processPostIndex();
    const search = index.search.bind(index);
    let searched!: () => void;
    const searchStarted = new Promise<void>((resolve) => (searched = resolve));
    index.search = (...args) => {
      searched();
      return search(...args);
    };
    try {
      await withBootedServices('chatearly', {}, async ({ services, actor, creatorId, conversationId }) => {
        const { tiktokURL } = await services.client.request(Subjects.CreatorsCreatorGet, { id: creatorId });
        const post = loadDemoFixtures().find((fixture) => fixture.creator.tiktokURL === tiktokURL)!.posts[1]!;
        expect(await index.count(creatorId)).toBe(0);
        const reply = send(services, actor, conversationId, post.testQuestion);
        await searchStarted;
        // The chat has reached the index before the fill has even started.
        expect(await index.count(creatorId)).toBe(0);
        await startup.release();
        const citations = (await reply).find((event) => event.type === 'citations');
        expect(citations?.type === 'citations' ? citations.citations[0]?.caption : undefined).toBe(
          post.caption,
        );
      });
    } finally {
      startup.discard();
      index.search = search;
    }
  }, 90_000);
});

describe('chat-inference with the real model at default settings', () => {
  it('refuses a message too long for the model before storing or charging it (7.7)', async () => {
    // Empty values fall back to the product defaults (LLM_MAX_TOKENS 512, LLM_CONTEXT_SIZE 4096).
    await withBootedServices(
      'toolong',
      { LLM_MAX_TOKENS: '', LLM_CONTEXT_SIZE: '', FREE_TIER_MESSAGES: '3' },
      async ({ services, actor, creatorId, conversationId }) => {
        // The largest message the contract allows: 8 blocks of 4000 characters.
        const block = { text: 'Tell me everything about your sourdough starter and your oven. '.repeat(62) };
        for (let i = 0; i < 5; i++) {
          await expect(
            firstValueFrom(
              services.client
                .stream(Subjects.ChatMessageSend, {
                  actor,
                  conversationId,
                  content: Array.from({ length: 8 }, () => block),
                  aiContext: {},
                })
                // chat-inference's heartbeat comes first; the refusal is what follows it.
                .pipe(filter((event) => event.type !== 'heartbeat')),
            ),
          ).rejects.toMatchObject({
            code: ChatErrorCode.MessageTooLong,
            message: 'Your message is too long for this chat. Shorten it and send again.',
          });
        }
        const { messages } = await services.client.request(Subjects.ChatMessageList, {
          actor,
          conversationId,
        });
        expect(messages).toEqual([]);
        await expect(
          services.client.request(Subjects.ChatRateLimitCheck, { actor, creatorId, message: '' }),
        ).resolves.toEqual({ canSendMessage: true, nextAvailableTime: null });
      },
    );
  }, 90_000);
});

describeWithNats('message pages over real NATS (7.8)', () => {
  it('loads a conversation of more than 1 MB page by page, each page well under NATS’s 1 MB', async () => {
    const db = await createSystemTestDatabase('chatpages');
    const prefix = `test${randomBytes(4).toString('hex')}.`;
    const env = {
      DATABASE_URL: db.url,
      NATS_URL: testNatsUrl(),
      NATS_SUBJECT_PREFIX: prefix,
      BACKTALK_MODE: 'cluster',
      LOG_LEVEL: 'silent',
      // Required in cluster mode (docs/safety.md); this case pages stored messages, no reply is moderated.
      MODERATION_PROVIDER: 'none',
      LLM_MODEL: storiesModel,
      LLM_PRELOAD: 'false',
    };
    const server = await NestFactory.createMicroservice(chatInferenceService.module(env), {
      strategy: new DrainingNatsServer({
        servers: testNatsUrl(),
        queue: 'chat-inference',
        subjectPrefix: prefix,
      }),
      logger: false,
    });
    await server.listen();
    @Module({
      imports: [ServiceKitModule.forService({ name: 'test-caller', config: BaseConfig, env })],
    })
    class CallerModule {}
    const caller = await NestFactory.createApplicationContext(CallerModule, { logger: false });
    const sql = new Client({ connectionString: db.url });
    await sql.connect();
    try {
      const actor = fan();
      const conversationId = randomUUID();
      await sql.query(
        'INSERT INTO chat_inference.conversations (id, owner, "creatorId") VALUES ($1, $2, $3)',
        [conversationId, actor.userId, randomUUID()],
      );
      // 300 messages of about 4 KB each (1.2 MB), seven sharing each timestamp.
      await sql.query(
        `INSERT INTO chat_inference.messages (id, "conversationId", owner, role, content, status, "createdAt")
         SELECT gen_random_uuid(), $1, $2, CASE WHEN n % 2 = 0 THEN 'user' ELSE 'assistant' END,
                jsonb_build_array(jsonb_build_object('text', n || ' ' || repeat('ü', 2000))), 'complete',
                timestamptz '2025-01-01T00:00:00Z' + make_interval(secs => n / 7)
         FROM generate_series(1, 300) AS n`,
        [conversationId, actor.userId],
      );
      const client = caller.get(ServiceClient);
      const seen: string[] = [];
      let before: string | undefined;
      let bytes = 0;
      do {
        const page = await client.request(Subjects.ChatMessageList, {
          actor,
          conversationId,
          before,
          limit: 100,
        });
        const size = Buffer.byteLength(JSON.stringify(page));
        expect(size).toBeLessThan(512 * 1024);
        bytes += size;
        seen.unshift(...page.messages.map((message) => message.id));
        before = page.nextCursor ?? undefined;
      } while (before);
      expect(bytes).toBeGreaterThan(1024 * 1024);
      const { rows } = await sql.query<{ id: string }>(
        'SELECT id FROM chat_inference.messages WHERE "conversationId" = $1 ORDER BY "createdAt", id',
        [conversationId],
      );
      expect(seen).toEqual(rows.map((row) => row.id));
      await expect(
        client.request(Subjects.ChatMessageList, { actor, conversationId, before: 'not-a-cursor' }),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    } finally {
      await sql.end();
      await caller.close();
      await server.close();
      await db.drop();
    }
  }, 90_000);
});
