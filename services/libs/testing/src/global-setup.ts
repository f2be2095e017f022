// A relative import: jest loads global setup outside its module mapper.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startEmbeddedPostgres } from '../../embedded-db/src/embedded-postgres';
import os from 'node:os';
import path from 'node:path';
import { dropStaleTemplates } from './template-database';
import { canConnect, TEST_SERVER_URL_VARIABLE } from './test-server';
import { NATS_STATUS_VARIABLE, probeNats } from './nats';
import { probeRedis, REDIS_STATUS_VARIABLE } from './redis';

const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Jest global setup for every project: finds a PostgreSQL server (the
 * machine's, else an embedded one), drops its stale template databases, and
 * probes NATS and Redis once. Idempotent, since each project of a
 * multi-project run calls it. Templates themselves are built by the first test
 * that asks for one (see createTestDatabase): only the tests know which
 * services they boot, and this file is loaded outside jest's module mapping.
 */
export default async function globalSetup(): Promise<void> {
  if (!process.env[TEST_SERVER_URL_VARIABLE]) {
    const candidate = process.env.TEST_DATABASE_SERVER_URL || DEFAULT_SERVER;
    const problem = await canConnect(candidate);
    let server = candidate;
    if (problem !== null) {
      process.stdout.write(
        `\nPostgreSQL not reachable at ${candidate} (${problem}); starting embedded PostgreSQL for the tests.\n`,
      );
      const dataDir = path.join(os.tmpdir(), `backtalk-test-pg-${process.pid}`);
      const embedded = await startEmbeddedPostgres({ dataDir, database: 'postgres' });
      server = embedded.url;
      (globalThis as { __backtalkEmbeddedPg?: typeof embedded }).__backtalkEmbeddedPg = embedded;
    }
    process.env[TEST_SERVER_URL_VARIABLE] = server;
    await dropStaleTemplates(server).catch((error: Error) =>
      process.stdout.write(`\nCould not drop stale template databases: ${error.message}\n`),
    );
  }
  if (!process.env[NATS_STATUS_VARIABLE]) {
    const problem = await probeNats();
    process.env[NATS_STATUS_VARIABLE] = problem === null ? 'reachable' : problem;
  }
  if (!process.env[REDIS_STATUS_VARIABLE]) {
    const problem = await probeRedis();
    process.env[REDIS_STATUS_VARIABLE] = problem === null ? 'reachable' : problem;
  }
}
