import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

// CI runs `npm test` only, so the knip check (knip.jsonc) runs here as well as in `npm run lint`.
describe('dead code', () => {
  it('has no unused files, exports or dependencies, nor unlisted dependencies (knip)', () => {
    const knip = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/knip/bin/knip.js'), '--no-progress', '--no-config-hints'],
      { cwd: root, encoding: 'utf8', timeout: 120_000 },
    );
    const report = `${knip.stdout}${knip.stderr}`.trim();
    expect({ exitCode: knip.status, report }).toEqual({ exitCode: 0, report: '' });
  }, 150_000);
});
