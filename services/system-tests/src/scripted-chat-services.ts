import { billingService } from '@backtalk/billing';
import { chatInferenceService } from '@backtalk/chat-inference';
import { creatorsService } from '@backtalk/creators';
import { featureFlagsService } from '@backtalk/feature-flags';
import type { ServiceDefinition } from '@backtalk/kit';
import {
  type FakeChatRequest,
  type FakeChatServer,
  type InProcessServices,
  startFakeChatServer,
  startServicesInProcess,
  type TestDatabase,
} from '@backtalk/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createSystemTestDatabase } from './service-databases';

/** The services a fan's chat needs, in that order in `services.apps`. */
export const chatServiceDefinitions = [
  creatorsService,
  billingService,
  featureFlagsService,
  chatInferenceService,
] as ServiceDefinition[];

export interface ScriptedChatServices {
  services: InProcessServices;
  model: FakeChatServer;
  database: TestDatabase;
  sql: Client;
  /** The id of a seeded demo creator, by handle. */
  creatorIdOf(handle: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Creators, billing, feature flags and chat-inference in process on one bus, with demo data, the
 * chat model a real OpenAI-compatible HTTP server answering with `answer`, and no moderator.
 */
export async function startScriptedChatServices(
  name: string,
  answer: (request: FakeChatRequest) => string,
  env: Record<string, string> = {},
): Promise<ScriptedChatServices> {
  const model = await startFakeChatServer(answer);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `backtalk-${name}-`));
  const database = await createSystemTestDatabase(name);
  const services = await startServicesInProcess(chatServiceDefinitions, {
    DATABASE_URL: database.url,
    BACKTALK_DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LLM_PROVIDER: 'openai',
    LLM_MODEL: 'scripted',
    LLM_BASE_URL: model.url,
    OPENAI_API_KEY: `sk-test-${name}`,
    MODERATION_PROVIDER: 'none',
    ...env,
  });
  const sql = new Client({ connectionString: database.url });
  await sql.connect();
  return {
    services,
    model,
    database,
    sql,
    creatorIdOf: async (handle) =>
      (await sql.query<{ id: string }>(`SELECT id FROM creators.creators WHERE handle = $1`, [handle]))
        .rows[0]!.id,
    close: async () => {
      await sql.end();
      await services.close();
      await database.drop();
      await model.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
