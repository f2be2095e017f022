import { freePort } from '@backtalk/embedded-db';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, spawnNode, type SpawnedProcess } from './processes';
import { copyWebBuild } from './web-build';

/** The tiny offline model of ../shared/models the tests chat with. */
const TEST_MODEL = path.resolve(repoRoot, '../shared/models/stories260K.gguf');

export interface StandaloneApp {
  /** `http://localhost:<port>`: passkeys need the page on a domain, not an IP address. */
  origin: string;
  /** The address the app said it is ready at. */
  url: string;
  port: number;
  /** Its data folder (embedded PostgreSQL, keys); removed by `stop`. */
  dataDir: string;
  process: SpawnedProcess;
  /** SIGINT, wait for the exit, remove the data folder. */
  stop(): Promise<void>;
}

/**
 * Backtalk standalone (`services/standalone/dist/main.js`) in a data folder of its own, with
 * the test model on one thread, lexical retrieval and warnings only; `env` adds to or overrides that. `port` may
 * be picked beforehand, when something started earlier must know the app's address. Where the web
 * app is built, it serves a private copy of it (copyWebBuild): a rebuild of web/dist while it runs
 * would otherwise leave its pages blank.
 */
export async function startStandaloneApp(
  label: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<StandaloneApp> {
  // A port found free may be taken before the app binds it — as the source port of one of the many
  // connections the app opens while it starts (its own to PostgreSQL and NATS), or by another
  // process — and the app then exits saying so. A port of our own choosing is chosen again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(label, env, port);
    } catch (error) {
      const taken = error instanceof Error && /already in use/i.test(error.message);
      if (!taken || port !== undefined || attempt === 3) throw error;
    }
  }
}

async function startOnce(label: string, env: Record<string, string>, port?: number): Promise<StandaloneApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `backtalk-${label}-`));
  // Embedded PostgreSQL runs as `postgres` when the tests run as root.
  fs.chmodSync(dataDir, 0o755);
  const appPort = port ?? (await freePort());
  const webBuild =
    env.WEB_DIST_DIR === undefined && fs.existsSync(path.join(repoRoot, 'web/dist/index.html'))
      ? await copyWebBuild()
      : undefined;
  const process = spawnNode('services/standalone/dist/main.js', {
    BACKTALK_DATA_DIR: dataDir,
    PORT: String(appPort),
    LOG_LEVEL: 'warn',
    LLM_MODEL: TEST_MODEL,
    // Lexical retrieval: no sentence-embedding weights exist offline, and the story model's
    // vectors (it is no embedding model) would reorder the rankings these tests check.
    // Standalone's default, dense retrieval with a local model, is started by standalone.test.ts.
    EMBEDDINGS_PROVIDER: 'none',
    LLM_THREADS: '1',
    // No download of standalone's default moderator (Llama Guard, `local`): the floor alone,
    // unless a test chooses a moderator (the fake moderation server of @backtalk/testing).
    MODERATION_PROVIDER: 'none',
    ...(webBuild && { WEB_DIST_DIR: webBuild.dir }),
    ...env,
  });
  const stop = async () => {
    if (process.child.exitCode === null) {
      process.child.kill('SIGINT');
      await process.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    webBuild?.remove();
  };
  try {
    const [, url] = (await process.waitForOutput(
      /Backtalk is ready at (http:\/\/\S+)/,
      120_000,
    )) as unknown as [string, string];
    return { origin: `http://localhost:${appPort}`, url, port: appPort, dataDir, process, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
