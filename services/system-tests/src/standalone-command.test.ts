import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './processes';
import { connectToStandaloneDatabase } from './service-databases';
import { startStandaloneApp, type StandaloneApp } from './standalone-app';

jest.setTimeout(180_000);

const main = path.join(repoRoot, 'services/standalone/dist/main.js');

/** `npm start -- <command>`: the standalone entry point with arguments; resolves to its exit and output. */
async function command(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [main, ...args], {
      env: { ...process.env, BACKTALK_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('operator commands in standalone mode (npm start -- make-admin <email>)', () => {
  let app: StandaloneApp;
  const email = 'ops@backtalk.test';

  const groups = async (): Promise<string[]> => {
    const sql = await connectToStandaloneDatabase(app.dataDir);
    try {
      return (await sql.query('SELECT groups FROM identity.users WHERE email = $1', [email])).rows[0].groups;
    } finally {
      await sql.end();
    }
  };

  beforeAll(async () => {
    app = await startStandaloneApp('command');
    const sql = await connectToStandaloneDatabase(app.dataDir);
    try {
      const id = randomUUID();
      await sql.query(
        `INSERT INTO identity.users (id, owner, username, email) VALUES ($1::uuid, $1::text, $2, $2)`,
        [id, email],
      );
    } finally {
      await sql.end();
    }
  });
  afterAll(() => app?.stop());

  it('makes an admin beside the running app, which keeps running', async () => {
    const result = await command(app.dataDir, 'make-admin', email);
    expect(result).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`${email} is now in the admin group`),
    });
    expect(await groups()).toContain('admin');
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
  });

  it('says what it knows for an unknown command or a bad email, and changes nothing', async () => {
    expect(await command(app.dataDir, 'make-owner', email)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: npm start -- make-admin <email> | sign-out-user <email>'),
    });
    expect(await command(app.dataDir, 'make-admin', 'not-an-email')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('make-admin <email>'),
    });
    expect(await command(app.dataDir, 'make-admin', 'nobody@backtalk.test')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no user has the email nobody@backtalk.test'),
    });
  });

  it("starts the data folder's PostgreSQL for the command when Backtalk is not running, and stops it after", async () => {
    app.process.child.kill('SIGINT');
    await app.process.exited;
    const result = await command(app.dataDir, 'sign-out-user', email);
    expect(result).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`signed ${email} out of 0 session(s)`),
    });
    // The server it started is gone again: no live postmaster.pid is left in the folder.
    expect(fs.existsSync(path.join(app.dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});
