import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { EmbeddedDatabaseError, startEmbeddedPostgres } from './embedded-postgres';

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const temporary: string[] = [];

function privateFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-private-'));
  fs.chmodSync(dir, 0o700);
  temporary.push(dir);
  return dir;
}

async function installedBinaries(): Promise<string> {
  const { initdb } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb: string };
  return path.dirname(path.dirname(initdb));
}

afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('starts, answers queries, keeps its data across a restart and stops', async () => {
    const dataDir = path.join(privateFolder(), 'pg');
    const stagingRoot = path.join(privateFolder(), 'staging');
    fs.chmodSync(path.dirname(stagingRoot), 0o755);
    const first = await startEmbeddedPostgres({ dataDir, database: 'kept', stagingRoot });
    const client = new Client({ connectionString: first.url });
    await client.connect();
    await client.query('CREATE TABLE survivor (name text)');
    await client.query("INSERT INTO survivor VALUES ('still here')");
    await client.end();
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, database: 'kept', stagingRoot });
    const again = new Client({ connectionString: second.url });
    await again.connect();
    const { rows } = await again.query<{ name: string }>('SELECT name FROM survivor');
    await again.end();
    await second.stop();
    expect(rows).toEqual([{ name: 'still here' }]);
  }, 120_000);

  (asRoot ? it : it.skip)(
    'as root, stages binaries and data the postgres user can reach when the checkout is in a private folder',
    async () => {
      // A private copy of the binaries stands for node_modules inside /root/backtalk.
      const checkout = privateFolder();
      const binariesDir = path.join(checkout, 'native');
      fs.cpSync(await installedBinaries(), binariesDir, { recursive: true, verbatimSymlinks: true });
      const stagingRoot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'backtalk-staging-')), 'pg');
      temporary.push(path.dirname(stagingRoot));
      const notices: string[] = [];

      const database = await startEmbeddedPostgres({
        dataDir: path.join(checkout, '.backtalk', 'postgres'),
        database: 'backtalk',
        binariesDir,
        stagingRoot,
        onNotice: (line) => notices.push(line),
      });
      try {
        const client = new Client({ connectionString: database.url });
        await client.connect();
        const { rows } = await client.query<{ ok: number }>('SELECT 1 AS ok');
        await client.end();
        expect(rows).toEqual([{ ok: 1 }]);
      } finally {
        await database.stop();
      }
      expect(database.dataDir.startsWith(stagingRoot)).toBe(true);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toContain(
        `the data for ${path.join(checkout, '.backtalk', 'postgres')} in ${database.dataDir}`,
      );
      expect(notices[0]).toContain(`its binaries in ${stagingRoot}`);
    },
    120_000,
  );

  it('fails with a clear message, not an unhandled error event, when the binaries cannot run', async () => {
    const broken = privateFolder();
    fs.mkdirSync(path.join(broken, 'bin'));
    for (const name of ['initdb', 'postgres'])
      fs.writeFileSync(path.join(broken, 'bin', name), 'not a program');
    fs.chmodSync(broken, 0o755);

    const attempt = startEmbeddedPostgres({
      dataDir: path.join(privateFolder(), 'pg'),
      database: 'x',
      binariesDir: broken,
      stagingRoot: path.join(privateFolder(), 'staging'),
    });

    await expect(attempt).rejects.toBeInstanceOf(EmbeddedDatabaseError);
    await expect(attempt).rejects.toThrow(
      /Could not create the PostgreSQL cluster in .*initdb could not run: .*EACCES/,
    );
  }, 60_000);

  it('says which folder lacks the binaries', async () => {
    const empty = privateFolder();
    await expect(
      startEmbeddedPostgres({ dataDir: path.join(empty, 'pg'), database: 'x', binariesDir: empty }),
    ).rejects.toThrow(`No PostgreSQL binaries in ${empty} (bin/postgres is missing).`);
  });
});
