#!/usr/bin/env node
// Runs the platform-foundation benchmarks one after another and prints one
// Markdown report (date, machine, commit, then each benchmark's tables).
//
//   npm run bench -w @backtalk/system-tests                  # everything (about 2–3 min)
//   node services/system-tests/bench/run-all.mjs --only rtt  # some of: startup, phases, memory, rtt
//   node services/system-tests/bench/run-all.mjs --out report.md --json report.json
//
// Needs the built services (`npm run build`), PostgreSQL on TEST_DATABASE_SERVER_URL
// (default postgres://postgres@127.0.0.1:5432/postgres) and NATS on NATS_URL
// (default nats://127.0.0.1:4222). Extra arguments after `--` go to every benchmark.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

const benches = [
  { id: 'startup', file: 'startup.bench.ts', title: 'Standalone start to first 200 on /api/health' },
  { id: 'phases', file: 'startup-phases.bench.ts', title: 'Warm standalone restart, step by step' },
  { id: 'memory', file: 'memory.bench.ts', title: 'Idle memory (RSS)' },
  { id: 'rtt', file: 'rtt.bench.ts', title: 'One request/reply round trip' },
];

function arg(name) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const only = arg('only')?.split(',');
const separator = process.argv.indexOf('--');
const passThrough = separator >= 0 ? process.argv.slice(separator + 1) : [];
const selected = benches.filter((bench) => !only || only.includes(bench.id));
if (selected.length === 0) {
  process.stderr.write(`--only must name some of: ${benches.map((b) => b.id).join(', ')}\n`);
  process.exit(2);
}

const required = [
  'services/standalone/dist/main.js',
  'services/gateway/dist/main.js',
  'services/libs/kit/dist/index.js',
];
const missing = required.filter((file) => !fs.existsSync(path.join(repoRoot, file)));
if (missing.length > 0) {
  process.stderr.write(`Build first (npx nx run-many -t build): missing ${missing.join(', ')}\n`);
  process.exit(2);
}

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function run(bench) {
  return new Promise((resolve, reject) => {
    const jsonFile = path.join(os.tmpdir(), `backtalk-bench-${bench.id}-${process.pid}.json`);
    const started = Date.now();
    const child = spawn(
      process.execPath,
      [
        '-r',
        path.join(here, '../../libs/testing/swc-register.cjs'),
        path.join(here, bench.file),
        '--json',
        jsonFile,
        ...passThrough,
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let markdown = '';
    child.stdout.on('data', (chunk) => (markdown += chunk));
    child.on('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`${bench.file} failed (${signal ?? `exit code ${code}`})`));
      const result = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
      fs.rmSync(jsonFile, { force: true });
      resolve({ markdown: markdown.trim(), result, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const started = Date.now();
const cpus = os.cpus();
const dirty = git('status', '--porcelain').split('\n').filter(Boolean).length;
const machine = {
  date: new Date().toISOString(),
  cores: cpus.length,
  cpu: cpus[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  kernel: `${os.type()} ${os.release()}`,
  commit: git('rev-parse', '--short', 'HEAD'),
  uncommittedPaths: dirty,
  loadAverageAtStart: os.loadavg().map((value) => Number(value.toFixed(2))),
};

const sections = [];
const results = {};
for (const bench of selected) {
  process.stderr.write(`\n== ${bench.title} (${bench.file})\n`);
  const load = os.loadavg()[0].toFixed(1);
  const outcome = await run(bench);
  results[bench.id] = { ...outcome.result, seconds: outcome.seconds };
  sections.push(
    `### ${bench.title}\n\nCommand: \`node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/${bench.file}${passThrough.length ? ` ${passThrough.join(' ')}` : ''}\` (${outcome.seconds.toFixed(0)} s; 1-min load average ${load} when it started)\n\n${outcome.markdown}`,
  );
}
machine.loadAverageAtEnd = os.loadavg().map((value) => Number(value.toFixed(2)));
machine.totalSeconds = Math.round((Date.now() - started) / 1000);

const header =
  `Date: ${machine.date} · machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, ${machine.kernel} · ` +
  `Node ${machine.node} · commit ${machine.commit}${machine.uncommittedPaths ? ` + ${machine.uncommittedPaths} uncommitted paths in the tree` : ''} · ` +
  `load average (1/5/15 min) ${machine.loadAverageAtStart.join(' / ')} at start, ${machine.loadAverageAtEnd.join(' / ')} at end · ` +
  `total ${machine.totalSeconds} s`;
const report = `${header}\n\n${sections.join('\n\n')}\n`;
process.stdout.write(`\n${report}`);
const out = arg('out');
if (out) fs.writeFileSync(out, report);
const json = arg('json');
if (json) fs.writeFileSync(json, `${JSON.stringify({ machine, results }, null, 2)}\n`);
