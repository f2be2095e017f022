import { execFileSync } from 'node:child_process';
import path from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries
import sharedSetup from '../../libs/testing/src/global-setup';

/** System tests run the built services as real processes: build them first (Nx caches it). */
export default async function globalSetup(): Promise<void> {
  await sharedSetup();
  if (process.env.BACKTALK_SKIP_BUILD === 'true') return;
  const root = path.resolve(__dirname, '../../..');
  // Jest sets NODE_ENV=test; a web app built under it is a development bundle in which the
  // app's jest-only branches are constant-folded in (the creator's init screen then never leads
  // on to Stripe sign-up). The processes the tests start run what a user's build runs.
  const { NODE_ENV: _jestNodeEnv, ...env } = process.env;
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '--output-style=static'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    },
  );
}
