import { freePort } from '@backtalk/embedded-db';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, spawnNode } from './processes';

/** Local model files: the tests must never reach outside this machine (the default models are downloaded). */
const testModel = path.resolve(repoRoot, '../shared/models/stories260K.gguf');
/**
 * Standalone's default moderator (`local`, Llama Guard downloaded on first use) with a download
 * that fails at once, as on a machine without a network: the start must not wait for it.
 */
const unreachableGuard = 'http://127.0.0.1:9/llama-guard.gguf';
const offline = {
  LLM_MODEL: testModel,
  EMBEDDINGS_MODEL: testModel,
  MODERATION_MODEL: unreachableGuard,
  LLM_THREADS: '1',
};
const guardWarning = /MODERATION_PROVIDER=local: the moderation model is unavailable/g;

const entry = 'services/standalone/dist/main.js';

describe('standalone mode: `npm start`', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-standalone-'));
  // mkdtemp makes a private folder; a real ./.backtalk is made with the usual umask.
  fs.chmodSync(dataDir, 0o755);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function startAndCheck(port: number) {
    const app = spawnNode(entry, {
      ...offline,
      BACKTALK_DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    });
    const [, url] = await app.waitForOutput(/Backtalk is ready at (http:\/\/\S+)/, 90_000);
    // The printed address is localhost's: passkeys are offered there, never on an IP address.
    expect(url).toBe(`http://localhost:${port}`);
    const providers = (await (await fetch(`${url}/api/auth/providers`)).json()) as { passkeys: boolean };
    expect(providers.passkeys).toBe(true);
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { services: Record<string, string> };
    expect(Object.keys(body.services).sort()).toEqual([
      'billing',
      'chat-inference',
      'creators',
      'feature-flags',
      'gateway',
      'identity',
      'ingestion',
    ]);
    expect(Object.values(body.services).every((status) => status === 'up')).toBe(true);
    // Moderated by default: the unreachable model is said once, in one warning, after the start.
    await app.waitForOutput(guardWarning, 10_000);
    return app;
  }

  async function stopWithCtrlC(app: ReturnType<typeof spawnNode>) {
    app.child.kill('SIGINT');
    const exit = await app.exited;
    expect(exit.code).toBe(0);
    expect(app.output()).toContain('Stopped.');
    expect(app.output().match(guardWarning)).toHaveLength(1);
    // PostgreSQL stopped too: it removes its pid file on a clean shutdown.
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }

  it('starts with embedded PostgreSQL, serves /api/health with all seven services, and stops cleanly on Ctrl-C', async () => {
    const app = await startAndCheck(await freePort());
    await stopWithCtrlC(app);
  });

  it('reuses the data folder on the next start', async () => {
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    const app = await startAndCheck(await freePort());
    await stopWithCtrlC(app);
  });

  it('says in one line when the port is already in use', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const app = spawnNode(entry, { ...offline, BACKTALK_DATA_DIR: dataDir, PORT: String(port) });
      const exit = await app.exited;
      expect(exit.code).toBe(1);
      expect(app.output().trim()).toBe(
        `Backtalk could not start: Port ${port} is already in use. Stop the other program or set PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('says in one line when the data folder cannot be written', async () => {
    const file = path.join(dataDir, 'not-a-folder');
    fs.writeFileSync(file, '');
    const app = spawnNode(entry, {
      ...offline,
      BACKTALK_DATA_DIR: path.join(file, 'data'),
      PORT: String(await freePort()),
    });
    const exit = await app.exited;
    expect(exit.code).toBe(1);
    expect(app.output().trim()).toBe(
      `Backtalk could not start: Cannot write to the data folder ${path.join(file, 'data')} (ENOTDIR). Set BACKTALK_DATA_DIR to a writable folder.`,
    );
  });

  it('names a bad environment variable and stops', async () => {
    const app = spawnNode(entry, {
      ...offline,
      BACKTALK_DATA_DIR: dataDir,
      PORT: String(await freePort()),
      REQUEST_TIMEOUT_MS: 'soon',
    });
    const exit = await app.exited;
    expect(exit.code).toBe(1);
    expect(app.output()).toMatch(/Invalid configuration: REQUEST_TIMEOUT_MS/);
  });
});
