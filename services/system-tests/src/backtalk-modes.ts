import { describeWithNats, testNatsUrl } from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { backendServices, repoRoot, startCluster, waitUntilAnswering } from './processes';
import { createSystemTestDatabase } from './service-databases';
import { startStandaloneApp } from './standalone-app';
import { copyWebBuild } from './web-build';

/** A Backtalk a suite talks to: its gateway's address (API and, where built, the web app). */
export interface RunningBacktalk {
  url: string;
  stop(): Promise<void>;
}

/**
 * One of the two ways Backtalk runs, for a suite that checks the same behaviour in both: `describe`
 * is the suite's describe in this mode (cluster mode needs NATS, and reports as skipped without it),
 * `start` starts a Backtalk in this mode with the demo data and `env` added to its settings.
 */
export interface BacktalkMode {
  name: 'standalone' | 'cluster';
  describe(name: string, fn: () => void): void;
  start(label: string, env: Record<string, string>): Promise<RunningBacktalk>;
}

/**
 * Standalone (`services/standalone/dist/main.js`, embedded PostgreSQL, in-process transport) and
 * cluster (the seven services as processes over NATS, a test database of the file's own). Both
 * serve a private copy of the built web app where it is built (copyWebBuild), so browser tests can
 * run in either.
 */
export const backtalkModes: readonly BacktalkMode[] = [
  {
    name: 'standalone',
    describe: (name, fn) => describe(name, fn),
    start: async (label, env) => {
      const app = await startStandaloneApp(label, env);
      return { url: app.url, stop: () => app.stop() };
    },
  },
  {
    name: 'cluster',
    describe: describeWithNats,
    start: async (label, env) => {
      const webBuild = fs.existsSync(path.join(repoRoot, 'web/dist/index.html'))
        ? await copyWebBuild()
        : undefined;
      const database = await createSystemTestDatabase(label.replace(/\W/g, '_'));
      const cluster = await startCluster(
        {
          DATABASE_URL: database.url,
          NATS_URL: testNatsUrl(),
          NATS_SUBJECT_PREFIX: `test${randomBytes(4).toString('hex')}.`,
          LOG_LEVEL: 'warn',
          DEMO_DATA: 'true',
          ...(webBuild && { WEB_DIST_DIR: webBuild.dir }),
          ...env,
        },
        backendServices,
      );
      const stop = async () => {
        await cluster.stop();
        await database.drop();
        webBuild?.remove();
      };
      try {
        await waitUntilAnswering(cluster, 90_000);
      } catch (error) {
        await stop();
        throw error;
      }
      return { url: cluster.gatewayUrl, stop };
    },
  },
];
