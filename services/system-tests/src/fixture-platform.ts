import { Subjects } from '@backtalk/proto';
import type { StartedGateway } from '@backtalk/gateway';
import type { InProcessServices, TestDatabase } from '@backtalk/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { gatewayHttp, type HttpCall, outboxCode } from './gateway-http';
import { startPlatformInProcess } from './in-process-platform';
import { repoRoot } from './processes';
import { createSystemTestDatabase } from './service-databases';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a bench file outside this project's sources
const { startPacedOpenAiServer } = require(
  path.join(repoRoot, 'services/libs/ai/bench/paced-openai-server.ts'),
) as typeof import('../../libs/ai/bench/paced-openai-server');

type PacedOptions = Parameters<typeof startPacedOpenAiServer>[0];

/** A Backtalk in process whose creators come from a fixture folder and whose model is paced. */
export interface FixturePlatform {
  services: InProcessServices;
  gateway: StartedGateway;
  model: Awaited<ReturnType<typeof startPacedOpenAiServer>>;
  /** The fixture provider's folder (CONTENT_FIXTURES_DIR). */
  fixtures: string;
  sql: Client;
  call: HttpCall;
  /** The code mailed to an address, from the development outbox. */
  codeFor: (email: string) => Promise<string>;
  close(): Promise<void>;
}

/** Starts one on a fresh database named after `name`, with the paced model's `modelOptions`. */
export async function startFixturePlatform(
  name: string,
  modelOptions: PacedOptions,
): Promise<FixturePlatform> {
  const model = await startPacedOpenAiServer(modelOptions);
  const fixtures = mkdtempSync(path.join(os.tmpdir(), `backtalk-${name}-fixtures-`));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `backtalk-${name}-data-`));
  const database: TestDatabase = await createSystemTestDatabase(name.replace(/\W/g, '_'));
  const { services, gateway } = await startPlatformInProcess({
    DATABASE_URL: database.url,
    BACKTALK_DATA_DIR: dataDir,
    CONTENT_FIXTURES_DIR: fixtures,
    LLM_PROVIDER: 'openai',
    LLM_MODEL: 'paced',
    LLM_BASE_URL: model.url,
    OPENAI_API_KEY: `sk-test-${name}`,
  });
  const sql = new Client({ connectionString: database.url });
  await sql.connect();
  return {
    services,
    gateway,
    model,
    fixtures,
    sql,
    call: gatewayHttp(() => gateway.url),
    codeFor: outboxCode(
      async () => (await services.client.request(Subjects.IdentityOutboxList, { limit: 100 })).messages,
    ),
    async close() {
      await sql.end();
      await gateway.app.close();
      await services.close();
      await database.drop();
      await model.close();
      rmSync(fixtures, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
