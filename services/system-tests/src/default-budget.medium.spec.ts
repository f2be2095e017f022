import { billingService } from '@backtalk/billing';
import { chatInferenceService } from '@backtalk/chat-inference';
import { creatorsService } from '@backtalk/creators';
import { featureFlagsService } from '@backtalk/feature-flags';
import type { ServiceDefinition } from '@backtalk/kit';
import { type MessageStreamEvent, Subjects } from '@backtalk/proto';
import { startServicesInProcess, type InProcessServices, type TestDatabase } from '@backtalk/testing';
import { createSystemTestDatabase } from './service-databases';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { firstValueFrom, toArray } from 'rxjs';
import { repoRoot } from './processes';

/**
 * Issue 7 item 3: a small-context model (stories260K: 2048 tokens) at the
 * product's DEFAULT settings (LLM_MAX_TOKENS 512, LLM_CONTEXT_SIZE 4096) must
 * answer an ordinary first message to every demo creator: the prompt gives up
 * reply room, then clips the creator texts, instead of refusing.
 */
jest.setTimeout(180_000);

const definitions = [
  creatorsService,
  featureFlagsService,
  billingService,
  chatInferenceService,
] as ServiceDefinition[];

describe('a small-context model at default settings', () => {
  let database: TestDatabase;
  let services: InProcessServices;

  beforeAll(async () => {
    database = await createSystemTestDatabase('default_budget');
    services = await startServicesInProcess(definitions, {
      DATABASE_URL: database.url,
      DEMO_DATA: 'true',
      LLM_MODEL: path.resolve(repoRoot, '../shared/models/stories260K.gguf'),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    });
  }, 120_000);
  afterAll(async () => {
    await services?.close();
    await database?.drop();
  });

  it('answers a first message to every demo creator', async () => {
    const { creators } = await services.client.request(Subjects.CreatorsCreatorList, { demoAccount: true });
    expect(creators.length).toBeGreaterThanOrEqual(4);
    const outcomes: Array<{ creator: string; error?: string; replied: boolean }> = [];
    for (const creator of creators) {
      const actor = { userId: randomUUID(), userType: 'guest' as const, groups: [] as string[] };
      const conversation = await services.client.request(Subjects.ChatConversationOpen, {
        actor,
        creatorId: creator.id,
      });
      const events: MessageStreamEvent[] = await firstValueFrom(
        services.client
          .stream(
            Subjects.ChatMessageSend,
            {
              actor,
              conversationId: conversation.id,
              content: [{ text: 'Hey! What have you been up to lately? I love your videos.' }],
              aiContext: {},
            },
            { firstMs: 120_000 },
          )
          .pipe(toArray()),
      );
      const error = events.find((event) => event.type === 'error');
      const text = events
        .map((event) => (event.type === 'fragment' ? event.text : ''))
        .join('')
        .trim();
      outcomes.push({
        creator: creator.tiktokURL,
        error: error?.type === 'error' ? error.message : undefined,
        replied: text.length > 0,
      });
    }
    expect(outcomes).toEqual(creators.map((creator) => ({ creator: creator.tiktokURL, replied: true })));
  });
});
