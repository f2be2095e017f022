import { startEmbeddedPostgres } from '@backtalk/embedded-db';
import { isIdentityCommand, runIdentityCommand } from '@backtalk/identity';
import { loadConfig } from '@backtalk/kit';
import path from 'node:path';
import { standaloneConfigSchema } from './launcher.config';

const USAGE = 'usage: npm start -- make-admin <email> | sign-out-user <email>';

/**
 * Operator commands in standalone mode (`npm start -- make-admin you@example.com`): the identity
 * command runs against the data folder's embedded PostgreSQL — the running app's, when Backtalk
 * is running, otherwise started for the command and stopped after. Returns the exit code.
 */
export async function runStandaloneCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  log: (line: string) => void,
): Promise<number> {
  if (!isIdentityCommand(argv[0])) {
    process.stderr.write(`Unknown command "${argv.join(' ')}".\n${USAGE}\n`);
    return 2;
  }
  const dataDir = path.resolve(loadConfig(standaloneConfigSchema, env).BACKTALK_DATA_DIR);
  const database = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    database: 'backtalk',
    onNotice: log,
    joinRunning: true,
  });
  try {
    return (
      (await runIdentityCommand(argv, {
        ...env,
        BACKTALK_MODE: 'standalone',
        BACKTALK_DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'silent',
      })) ?? 2
    );
  } finally {
    await database.stop();
  }
}
