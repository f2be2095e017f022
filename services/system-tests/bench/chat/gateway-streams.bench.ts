/**
 * Issue 13, target 3: what one gateway process costs per open SSE stream, against a bare
 * `node:http` SSE server sending the same fragments, in the same run.
 *
 * The gateway runs in cluster mode with identity (for the guests' tokens) and, instead of
 * chat-inference, a stand-in in this process that answers `chat.message.send` over NATS with a
 * reply of pre-built fragments at a fixed pace — so the gateway's own cost is measured, not the
 * model's or chat-inference's (which cannot feed thousands of streams on a small machine). The
 * bare server (bare-sse.child.ts) writes the same `event: fragment` frames at the same pace.
 * Each level runs on a freshly started server process: idle RSS, then `streams` streams opened at
 * `--open-rate` a second and held until their last fragment; the client checks every stream's
 * fragments arrived complete and in order. RSS is sampled every 200 ms (the peak is "during");
 * CPU from /proc/<pid>/stat over the level.
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/chat/gateway-streams.bench.ts \
 *     [--streams 1000,2500,5000] [--fragments 30] [--interval-ms 1000] [--open-rate 500]
 *     [--compare <label>=<another checkout's services/gateway/dist/main.js>] [--cpu-prof <dir>]
 *
 * Needs the built services, PostgreSQL on 127.0.0.1:5432 and NATS on 127.0.0.1:4222.
 */
import { freePort } from '@backtalk/embedded-db';
import { createTestDatabase, TEST_SERVER_URL_VARIABLE, testNatsUrl } from '@backtalk/testing';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startCluster } from '../../src/processes';
import { argValue, fmt, percentile, progress, sleep, table } from '../lib/stats';
import { cpuSeconds, machineLine, repoRoot, rssMiB, SseParser, swcRegister } from './lib';
import { expectedText } from './stream-feed';

const LEVELS = argValue('streams', '1000,2500,5000').split(',').map(Number);
const FRAGMENTS = Number(argValue('fragments', '30'));
const INTERVAL_MS = Number(argValue('interval-ms', '1000'));
const OPEN_RATE = Number(argValue('open-rate', '500'));
const GUESTS = 50;
/**
 * `--heap-snapshots <dir>`: the gateway writes a V8 heap snapshot there when idle and once all of
 * a level's streams are open (for summarize-heapsnapshot.mjs); the snapshots stall it for seconds,
 * so that run's figures are not comparable with the others'.
 */
const HEAP_DIR = process.argv.includes('--heap-snapshots')
  ? path.resolve(argValue('heap-snapshots', '.'))
  : '';
// A folder that does not exist yet is made (the snapshots were looked for there and not found).
if (HEAP_DIR) fs.mkdirSync(HEAP_DIR, { recursive: true });
/**
 * `--compare <label>=<another checkout's services/gateway/dist/main.js>`: that build's gateway is
 * measured too, level by level right after this build's, against the same identity and stand-in.
 */
const COMPARED = process.argv.flatMap((arg, i) => {
  if (arg !== '--compare') return [];
  const [label, entry] = (process.argv[i + 1] ?? '').split(/=(.*)/s);
  if (!label || !entry) throw new Error('--compare needs <label>=<path to services/gateway/dist/main.js>');
  return [{ label, entry: path.resolve(entry) }];
});
/**
 * `--cpu-prof <dir>`: a V8 CPU profile of each gateway over each level's opening (first stream
 * opened → every stream's first fragment in), the window time to first fragment is decided in
 * (cpu-profile.preload.cjs; summarize-cpuprofile.mjs reads it). Not with --heap-snapshots.
 */
const CPU_DIR = process.argv.includes('--cpu-prof') ? path.resolve(argValue('cpu-prof', '.')) : '';
const agent = new http.Agent({ keepAlive: false, maxSockets: 20_000 });

interface Target {
  label: string;
  /** Writes heap snapshots on SIGWINCH (not one of the signals Nest's shutdown hooks listen to) (`--heap-snapshots`). */
  snapshots?: boolean;
  /** Profiles its CPU between two SIGWINCHes (`--cpu-prof`). */
  profiled?: boolean;
  /** Starts a fresh server process; resolves with its pid and how to open one stream. */
  start(): Promise<{ pid: number; open: (index: number, record: StreamRecord, done: () => void) => void }>;
  stop(): Promise<void>;
}

interface StreamRecord {
  startedAt: number;
  firstAt?: number;
  nextSeq: number;
  text: string;
  stopReason?: string;
  problems: string[];
}

interface LevelResult {
  target: string;
  streams: number;
  complete: number;
  idleMiB: number;
  duringMiB: number;
  ttffMs: number[];
  durationS: number[];
  cpuUsPerFragment: number;
  problems: string[];
}

/** Reads one SSE reply into `record`; `done` when it ends. */
function readReply(request: http.ClientRequest, record: StreamRecord, done: () => void): void {
  request.on('response', (response) => {
    response.setEncoding('utf8');
    if (response.statusCode !== 200) {
      let body = '';
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        record.problems.push(`HTTP ${response.statusCode}: ${body.slice(0, 160)}`);
        done();
      });
      return;
    }
    const parser = new SseParser();
    response.on('data', (chunk: string) => {
      for (const event of parser.push(chunk)) {
        if (event.event === 'error') record.problems.push(`error event ${event.data}`);
        if (event.event !== 'fragment') continue;
        const data = JSON.parse(event.data) as { text: string; id: string; stopReason?: string };
        record.firstAt ??= performance.now();
        const seq = Number(data.id.split('#')[1]);
        if (seq !== record.nextSeq) record.problems.push(`fragment #${seq} where #${record.nextSeq} was due`);
        record.nextSeq = seq + 1;
        record.text += data.text;
        if (data.stopReason) record.stopReason = data.stopReason;
      }
    });
    response.on('end', done);
    response.on('error', (error) => record.problems.push(`response error ${error.message}`));
  });
  request.on('error', (error) => {
    record.problems.push(`request error ${error.message}`);
    done();
  });
}

/**
 * The gateway, fed by a stand-in chat-inference on NATS: this build's, then each `--compare`d
 * build's, one at a time against the same cluster (identity, database, NATS prefix, guests).
 */
async function gatewayTargets(): Promise<{ prefix: string; standIn: ChildProcess; targets: Target[] }> {
  process.env[TEST_SERVER_URL_VARIABLE] ??=
    process.env.TEST_DATABASE_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase('bench_gateway_streams');
  const prefix = `benchgw${randomBytes(4).toString('hex')}.`;
  const internalPort = await freePort();
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    NATS_URL: testNatsUrl(),
    NATS_SUBJECT_PREFIX: prefix,
    HTTP_PORT: String(internalPort),
    THROTTLE_PER_MINUTE: '100000',
    GUEST_CREATIONS_PER_MINUTE: '100000',
    HOME: process.env.HOME ?? '',
    ...(HEAP_DIR ? { NODE_OPTIONS: `--heapsnapshot-signal=SIGWINCH --diagnostic-dir=${HEAP_DIR}` } : {}),
    ...(CPU_DIR
      ? {
          NODE_OPTIONS: `--require ${path.join(__dirname, 'cpu-profile.preload.cjs')}`,
          BENCH_CPU_PROFILE_DIR: CPU_DIR,
        }
      : {}),
  };
  const cluster = await startCluster(env, ['identity']);
  // The stand-in chat-inference, a process of its own: each send gets the reply's fragments at the pace.
  const standIn = await startStandIn(prefix);
  const waitLive = async (): Promise<void> => {
    for (let i = 0; i < 240; i++) {
      const ok = await fetch(`http://127.0.0.1:${internalPort}/health/live`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(250);
    }
    throw new Error(`the gateway did not come up:\n${cluster.output.slice(-30).join('\n')}`);
  };
  /** Each guest's access token and device cookie: a browser sends back the cookie it was given. */
  let guests: { token: string; cookie: string }[] = [];
  let stopped = false;
  /** Runs this build's gateway, or another checkout's (`entry`), as the cluster's gateway. */
  const variant = (label: string, entry?: string): Target => ({
    label,
    snapshots: Boolean(HEAP_DIR),
    profiled: Boolean(CPU_DIR),
    async start() {
      await cluster.supervisor.kill('gateway', 'SIGTERM');
      if (!entry) cluster.start('gateway');
      else
        cluster.supervisor.start({
          name: 'gateway',
          command: process.execPath,
          args: [entry],
          env: {
            PATH: process.env.PATH,
            ...env,
            PORT: new URL(cluster.gatewayUrl).port,
            BACKTALK_MODE: 'cluster',
          },
        });
      await waitLive();
      if (!guests.length) {
        // identity answers once its signing key is ready; the first guest may have to wait for it.
        for (let i = 0; guests.length < GUESTS && i < 400; i++) {
          const response = await fetch(`${cluster.gatewayUrl}/api/auth/guest`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          });
          if (response.ok)
            guests.push({
              token: ((await response.json()) as { tokens: { accessToken: string } }).tokens.accessToken,
              cookie: /bt_device=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? '',
            });
          else await sleep(250);
        }
        if (guests.length < GUESTS) throw new Error('could not create the guests');
      }
      const pid = cluster.supervisor.process('gateway')?.pid as number;
      const body = JSON.stringify({ content: [{ text: 'Tell me the whole story.' }] });
      return {
        pid,
        open: (index, record, done) => {
          const request = http.request(`${cluster.gatewayUrl}/api/conversations/${randomUUID()}/messages`, {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              authorization: `Bearer ${guests[index % guests.length]?.token}`,
              cookie: guests[index % guests.length]?.cookie ?? '',
            },
          });
          readReply(request, record, done);
          request.end(body);
        },
      };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      guests = [];
      await cluster.stop();
      await database.drop();
    },
  });
  return {
    prefix,
    standIn,
    targets: [
      variant('gateway (cluster mode, stand-in chat-inference over NATS)'),
      ...COMPARED.map(({ label, entry }) => variant(`gateway ${label}`, entry)),
    ],
  };
}

/** Runs a bench child (`<file> <args>`) and resolves with it once it prints `@@<word> <value>`. */
async function startChild(
  file: string,
  args: string[],
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(process.execPath, ['-r', swcRegister, path.join(__dirname, file), ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = text.match(ready);
      if (found) resolve(found);
    });
    child.once('exit', () => reject(new Error(`${file} exited:\n${text}`)));
  });
  return { child, match };
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The stand-in chat-inference (standin-chat.child.ts), answering sends under `prefix`. */
async function startStandIn(prefix: string): Promise<ChildProcess> {
  const { child } = await startChild(
    'standin-chat.child.ts',
    ['--prefix', prefix, '--fragments', String(FRAGMENTS), '--interval-ms', String(INTERVAL_MS)],
    /@@ready/,
  );
  return child;
}

/**
 * A bare server in a child process of its own (`file`, printing `@@port <n>`), each stream a
 * `POST /stream`: the bare SSE server (bare-sse.child.ts), and the bare relay (bare-relay.child.ts),
 * node:http asking the same stand-in over NATS and writing its fragments — what any gateway that
 * calls chat-inference over NATS cannot do without.
 */
function bareServerTarget(label: string, file: string, args: string[]): Target {
  let child: ChildProcess | undefined;
  return {
    label,
    async start() {
      await stopChild(child);
      const started = await startChild(file, args, /@@port (\d+)/);
      child = started.child;
      const port = Number(started.match[1]);
      return {
        pid: child.pid as number,
        open: (_index, record, done) => {
          const request = http.request(`http://127.0.0.1:${port}/stream`, { method: 'POST', agent });
          readReply(request, record, done);
          request.end('{}');
        },
      };
    },
    stop: () => stopChild(child),
  };
}

async function runLevel(target: Target, streams: number): Promise<LevelResult> {
  const { pid, open } = await target.start();
  await sleep(2000);
  const idle: number[] = [];
  for (let i = 0; i < 5; i++) {
    idle.push(rssMiB(pid));
    await sleep(200);
  }
  if (target.snapshots) await heapSnapshot(pid, `idle, before ${streams} streams`);
  let during = 0;
  const sampler = setInterval(() => (during = Math.max(during, rssMiB(pid))), 200);
  const cpuBefore = cpuSeconds(pid);
  if (target.profiled) process.kill(pid, 'SIGWINCH');
  const records: StreamRecord[] = [];
  const finished = new Promise<void>((resolve) => {
    let remaining = streams;
    const done = (): void => {
      if (--remaining === 0) resolve();
    };
    let opened = 0;
    const opener = setInterval(() => {
      for (let i = 0; i < OPEN_RATE / 20 && opened < streams; i++) {
        const record: StreamRecord = { startedAt: performance.now(), nextSeq: 0, text: '', problems: [] };
        records.push(record);
        open(opened++, record, () => {
          (record as StreamRecord & { endAt?: number }).endAt = performance.now();
          done();
        });
      }
      if (opened >= streams) clearInterval(opener);
    }, 50);
  });
  if (target.profiled) {
    while (records.length < streams || records.some((r) => r.firstAt === undefined && !r.problems.length))
      await sleep(100);
    process.kill(pid, 'SIGWINCH');
  }
  if (target.snapshots) {
    const allOpen = async (): Promise<void> => {
      while (records.length < streams || records.some((r) => r.firstAt === undefined && !r.problems.length))
        await sleep(100);
    };
    await allOpen();
    await heapSnapshot(pid, `${streams} streams open`);
  }
  await finished;
  clearInterval(sampler);
  const cpu = cpuSeconds(pid) - cpuBefore;
  const expected = expectedText(FRAGMENTS);
  const complete = records.filter(
    (r) =>
      !r.problems.length && r.stopReason === 'end_turn' && r.text === expected && r.nextSeq === FRAGMENTS + 1,
  );
  const problems = [...new Set(records.flatMap((r) => r.problems))].slice(0, 3);
  return {
    target: target.label,
    streams,
    complete: complete.length,
    idleMiB: percentile(idle, 50),
    duringMiB: during,
    ttffMs: complete.map((r) => (r.firstAt as number) - r.startedAt),
    durationS: complete.map((r) => ((r as StreamRecord & { endAt: number }).endAt - r.startedAt) / 1000),
    cpuUsPerFragment: (cpu * 1e6) / Math.max(1, complete.length * (FRAGMENTS + 1)),
    problems,
  };
}

/** Has the process write a heap snapshot (SIGWINCH) into HEAP_DIR and waits until it is written. */
async function heapSnapshot(pid: number, what: string): Promise<void> {
  const before = new Set(fs.readdirSync(HEAP_DIR));
  process.kill(pid, 'SIGWINCH');
  for (let i = 0; i < 600; i++) {
    await sleep(500);
    const written = fs
      .readdirSync(HEAP_DIR)
      .find((name) => !before.has(name) && name.endsWith('.heapsnapshot'));
    if (!written) continue;
    const size = fs.statSync(path.join(HEAP_DIR, written)).size;
    await sleep(1000);
    if (fs.statSync(path.join(HEAP_DIR, written)).size === size) {
      progress(`  heap snapshot (${what}): ${path.join(HEAP_DIR, written)}`);
      return;
    }
  }
  throw new Error(`no heap snapshot from ${pid} in ${HEAP_DIR}`);
}

/** Least-squares slope of RSS-during against streams, KiB per stream. */
function slopeKiB(results: LevelResult[]): number {
  const n = results.length;
  const mx = results.reduce((s, r) => s + r.streams, 0) / n;
  const my = results.reduce((s, r) => s + r.duringMiB, 0) / n;
  const sxy = results.reduce((s, r) => s + (r.streams - mx) * (r.duringMiB - my), 0);
  const sxx = results.reduce((s, r) => s + (r.streams - mx) ** 2, 0);
  return (sxy / sxx) * 1024;
}

async function main(): Promise<void> {
  const started = new Date();
  const gateways = await gatewayTargets();
  const relay = bareServerTarget('bare node:http relay from the stand-in over NATS', 'bare-relay.child.ts', [
    '--prefix',
    gateways.prefix,
  ]);
  const bare = bareServerTarget('bare node:http SSE server', 'bare-sse.child.ts', [
    '--fragments',
    String(FRAGMENTS),
    '--interval-ms',
    String(INTERVAL_MS),
  ]);
  const targets = [...gateways.targets, relay, bare];
  const results: LevelResult[] = [];
  try {
    // Level by level, the gateway(s) then the bare server, so drift hits all alike.
    for (const streams of LEVELS)
      for (const target of targets) {
        progress(`${target.label}: ${streams} streams`);
        const result = await runLevel(target, streams);
        progress(
          `  ${result.complete}/${streams} complete, RSS ${fmt(result.idleMiB)} → ${fmt(result.duringMiB)} MiB`,
        );
        results.push(result);
      }
  } finally {
    for (const target of targets) await target.stop();
    await stopChild(gateways.standIn);
  }
  const p = (xs: number[], q: number) => (xs.length ? fmt(percentile(xs, q)) : 'n/a');
  const lines = [
    `Date: ${started.toISOString()} · machine: ${machineLine()}`,
    '',
    `**One server process holding SSE streams** — each stream ${FRAGMENTS} fragments and a closing one, one every ${INTERVAL_MS} ms, the first at once; opened at ${OPEN_RATE}/s; a fresh server process per level.`,
    '',
    table(
      [
        'server',
        'streams',
        'complete, in order',
        'RSS idle → during MiB',
        '(during − idle) ÷ streams KiB',
        'TTFF p50 / p99 ms',
        `stream duration p50 / p99 s (ideal ${fmt((FRAGMENTS * INTERVAL_MS) / 1000)})`,
        'CPU µs per fragment',
        'problems seen',
      ],
      results.map((r) => [
        r.target,
        String(r.streams),
        `${r.complete}/${r.streams}`,
        `${fmt(r.idleMiB)} → ${fmt(r.duringMiB)}`,
        fmt(((r.duringMiB - r.idleMiB) * 1024) / r.streams),
        `${p(r.ttffMs, 50)} / ${p(r.ttffMs, 99)}`,
        `${p(r.durationS, 50)} / ${p(r.durationS, 99)}`,
        fmt(r.cpuUsPerFragment),
        r.problems.join('; ') || '—',
      ]),
    ),
    '',
    ...targets.map((target) => {
      const own = results.filter((r) => r.target === target.label);
      // TTFF p99 against the bare server's at the same level (issue 25's target), and against the
      // bare relay's (what is left once the hop to chat-inference is paid).
      const ratios = (baseline: Target) =>
        own
          .map((r) => {
            const base = results.find((b) => b.target === baseline.label && b.streams === r.streams);
            return base?.ttffMs.length && r.ttffMs.length
              ? `${r.streams}: ${fmt(percentile(r.ttffMs, 99) / percentile(base.ttffMs, 99))}×`
              : `${r.streams}: n/a`;
          })
          .join(', ');
      return `- ${target.label}: RSS slope ${fmt(slopeKiB(own))} KiB per stream; TTFF p99 ÷ the bare server's ${ratios(bare)}; ÷ the bare relay's ${ratios(relay)}`;
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
