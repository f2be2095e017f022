#!/usr/bin/env node
// Runs the fan-chat benchmarks and prints one Markdown report (date, machine, commit, load, then each
// benchmark's output with its exact command):
//   1+2. fan-chat.bench.ts — time to first fragment (standalone, cluster) and concurrent SSE streams
//   3.   chat-inference's retrieval.bench.ts — post index search latency at 1,000 and 10,000 posts
//
//   npm run bench:chat -w @backtalk/system-tests                       # everything, ~9 min
//   node services/system-tests/bench/chat/run.mjs --only fan-chat --out report.md --json report.json
//   node services/system-tests/bench/chat/run.mjs -- --n 200            # after --: passed to fan-chat.bench.ts
//
// Needs the built services (npx nx run-many -t build), PostgreSQL on 127.0.0.1:5432, NATS on
// 127.0.0.1:4222 and Chromium at /usr/bin/chromium (CHROMIUM_PATH).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const register = './services/libs/testing/swc-register.cjs';

const arg = (name) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const separator = process.argv.indexOf('--');
const passThrough = separator >= 0 ? process.argv.slice(separator + 1) : [];
const jsonFile = path.join(os.tmpdir(), `backtalk-bench-chat-${process.pid}.json`);

const benches = [
  {
    id: 'fan-chat',
    title: 'Time to first fragment, and concurrent SSE streams',
    args: ['services/system-tests/bench/chat/fan-chat.bench.ts', ...passThrough],
    extra: ['--json', jsonFile],
  },
  {
    id: 'retrieval',
    title: 'Retrieval latency',
    args: ['services/chat-inference/bench/retrieval.bench.ts'],
    extra: [],
  },
];
const only = arg('only')?.split(',');
const selected = benches.filter((bench) => !only || only.includes(bench.id));

const required = [
  'services/standalone/dist/main.js',
  'services/gateway/dist/main.js',
  'services/chat-inference/dist/main.js',
];
const missing = required.filter((file) => !fs.existsSync(path.join(repoRoot, file)));
if (missing.length) {
  process.stderr.write(`Build first (npx nx run-many -t build): missing ${missing.join(', ')}\n`);
  process.exit(2);
}

const git = (...args) => {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

function run(bench) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['-r', register, ...bench.args, ...bench.extra], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let markdown = '';
    child.stdout.on('data', (chunk) => {
      markdown += chunk;
      if (bench.id === 'retrieval') process.stderr.write(chunk);
    });
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve({ markdown: markdown.trim(), seconds: (Date.now() - started) / 1000 })
        : reject(new Error(`${bench.id} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

const cpus = os.cpus();
const started = Date.now();
const header = {
  date: new Date().toISOString(),
  machine: `${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`,
  commit: git('rev-parse', '--short', 'HEAD'),
  uncommitted: git('status', '--porcelain').split('\n').filter(Boolean).length,
  loadAtStart: os.loadavg().map((v) => v.toFixed(2)),
};
const sections = [];
const results = {};
for (const bench of selected) {
  process.stderr.write(`\n== ${bench.title}\n`);
  const load = os.loadavg()[0].toFixed(1);
  const outcome = await run(bench);
  if (bench.id === 'fan-chat' && fs.existsSync(jsonFile)) {
    results[bench.id] = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
    fs.rmSync(jsonFile, { force: true });
  } else results[bench.id] = { output: outcome.markdown };
  const body = bench.id === 'retrieval' ? `\`\`\`\n${outcome.markdown}\n\`\`\`` : outcome.markdown;
  sections.push(
    `### ${bench.title}\n\nCommand: \`node -r ${register} ${bench.args.join(' ')}\` (${outcome.seconds.toFixed(0)} s; 1-min load average ${load} when it started)\n\n${body}`,
  );
}
const report =
  `Date: ${header.date} · machine: ${header.machine} · commit ${header.commit}` +
  `${header.uncommitted ? ` + ${header.uncommitted} uncommitted paths in the tree` : ''} · load average (1/5/15 min) ${header.loadAtStart.join(' / ')} at start, ` +
  `${os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(
      ' / ',
    )} at end · total ${Math.round((Date.now() - started) / 1000)} s\n\n${sections.join('\n\n')}\n`;
process.stdout.write(`\n${report}`);
if (arg('out')) fs.writeFileSync(arg('out'), report);
if (arg('json')) fs.writeFileSync(arg('json'), `${JSON.stringify({ header, results }, null, 2)}\n`);
