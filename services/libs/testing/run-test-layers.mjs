// `npm test`: the four test layers of jest.config.js, one jest run each, in order, with the
// workers each can use on this project's 2-core machines, and the time each took.
//   node services/libs/testing/run-test-layers.mjs [layer …] [jest arguments …]
// Without layers it runs all four. It ends with one line, "Tests: N passed, N failed,
// N skipped", over every layer, and exits non-zero if any layer failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Workers per layer: unit and medium files are independent (each medium file has its own
 * database copy); system and browser files each start a whole Backtalk, which takes both cores. */
const LAYERS = { unit: 2, medium: 2, system: 1, browser: 1 };

// Layer names pick layers; every other argument (a path, a jest flag) goes to jest.
const args = process.argv.slice(2);
const named = args.filter((arg) => arg in LAYERS);
const jestArgs = args.filter((arg) => !(arg in LAYERS));
const layers = named.length > 0 ? named : Object.keys(LAYERS);

const scratch = mkdtempSync(path.join(os.tmpdir(), 'backtalk-test-layers-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
let failedLayers = 0;

for (const layer of layers) {
  const resultsFile = path.join(scratch, `${layer}.json`);
  process.stdout.write(`\n== Test layer: ${layer}\n`);
  const started = process.hrtime.bigint();
  const run = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      path.join(root, 'node_modules/jest/bin/jest.js'),
      `--maxWorkers=${LAYERS[layer]}`,
      '--passWithNoTests',
      '--json',
      `--outputFile=${resultsFile}`,
      ...jestArgs,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, BACKTALK_TEST_LAYERS: layer } },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const counts = readCounts(resultsFile);
  const ok = run.status === 0 && counts !== null && counts.failed === 0;
  if (!ok) failedLayers += 1;
  if (counts !== null) for (const key of Object.keys(totals)) totals[key] += counts[key];
  rows.push({ layer, seconds, counts, ok, status: run.status ?? run.signal });
}
rmSync(scratch, { recursive: true, force: true });

process.stdout.write('\n== Test layers\n');
for (const { layer, seconds, counts, ok, status } of rows) {
  const figures =
    counts === null
      ? `no results (jest exited with ${status})`
      : `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`;
  process.stdout.write(
    `${layer.padEnd(8)} ${seconds.toFixed(1).padStart(7)} s  ${figures}${ok ? '' : '  FAILED'}\n`,
  );
}
process.stdout.write(
  `\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`,
);
process.exit(failedLayers === 0 ? 0 : 1);

function readCounts(file) {
  try {
    const results = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: results.numPassedTests,
      // A suite that fails before any test (a syntax error, a failing beforeAll) counts too.
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
    };
  } catch {
    return null;
  }
}
