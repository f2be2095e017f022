/**
 * Fan-chat path benchmarks, against the built services (`npx nx run-many -t build`) and
 * chat-inference's paced OpenAI-compatible server (a fixed reply at a fixed pace, run in a
 * child process that timestamps every request at the server: paced-server.child.ts).
 *
 * 1. `ttft`: platform overhead on time to first token, in standalone and cluster mode, one fan
 *    at a time and in bursts (`--bursts 50,200`: that many fans sending at the same moment).
 *    Headless Chromium fetch()es POST /api/conversations/{id}/messages and reads the SSE
 *    body to the first `event: fragment` (performance.now() in the page before fetch and
 *    at that fragment). Overhead = that − the paced server's own time to first token for
 *    that same request (request event → first content chunk written). Interleaved with
 *    it, the baseline: a direct Node client → paced server request, time to first chunk.
 * 2. `streams`: concurrent SSE streams held by the cluster's gateway process (its own
 *    process): 100, 500 and 1000 streams of a 200-token reply at 50 ms a token; every
 *    stream's fragments are checked (ids `<messageId>#0..n` contiguous, one message id,
 *    the text equals the reply, the last fragment carries stopReason end_turn); gateway
 *    RSS (/proc/<pid>/status VmRSS) idle before, during, after; CPU of each process.
 *
 * Run from the repository root (PostgreSQL on 127.0.0.1:5432, NATS on 127.0.0.1:4222,
 * Chromium at /usr/bin/chromium):
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/chat/fan-chat.bench.ts \
 *     [--only ttft,streams] [--n 100] [--warmup 10] [--bursts 50,200] [--burst-rounds 3]
 *     [--streams 100,200,300,500,1000] [--reply-tokens 200] [--guests 10]
 *     [--pool <DATABASE_POOL_SIZE for the cluster>] [--send-concurrency <CHAT_SEND_CONCURRENCY>] [--chat-replicas 1,2] [--cpu-prof <dir>] [--json out.json]
 *
 * --cpu-prof <dir>: V8 CPU profiles of the gateway and chat-inference over each measured level
 * (cpu-profile.preload.cjs), summarised by summarize-cpuprofile.mjs.
 */
import { freePort } from '@backtalk/embedded-db';
import {
  createTestDatabase,
  testNatsUrl,
  TEST_SERVER_URL_VARIABLE,
  type TestDatabase,
} from '@backtalk/testing';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../src/chromium';
import {
  repoRoot,
  type RunningCluster,
  spawnNode,
  type SpawnedProcess,
  startCluster,
  backendServices,
} from '../../src/processes';
import { freshDataDir, removeDir } from '../lib/proc';
import { argValue, fmt, percentile, progress, sleep, table } from '../lib/stats';
import {
  cpuSeconds,
  forkPacedServer,
  machineLine,
  type PacedChild,
  pidsNamed,
  rssMiB,
  SseParser,
} from './lib';

const FIRST_TOKEN_MS = 200;
const INTER_TOKEN_MS = 20;
/** Tokens in the streams levels' reply (`--reply-tokens`, at most LLM_MAX_TOKENS' 512): two lengths in one
 * session separate a reply's per-token CPU from its per-send CPU. */
const LONG_TOKENS = Number(argValue('reply-tokens', '200'));
const LONG_INTER_TOKEN_MS = 50;
const LONG_REPLY = Array.from({ length: LONG_TOKENS }, (_, i) => `w${i}`).join(' ');
const HIGH = '100000'; // the largest FREE_TIER_MESSAGES and THROTTLE_PER_MINUTE the configs accept

const only = argValue('only', 'ttft,streams').split(',');
const N = Number(argValue('n', '100'));
const WARMUP = Number(argValue('warmup', '10'));
const LEVELS = argValue('streams', '100,200,300,500,1000').split(',').map(Number);
const GUESTS = Number(argValue('guests', '100'));
/**
 * Burst levels of the TTFT benchmark (issue 13): that many fans, each a guest with an address and a
 * conversation of their own, send at the same moment; `--bursts ''` skips them.
 */
const BURSTS = argValue('bursts', '50,200').split(',').filter(Boolean).map(Number);
const BURST_ROUNDS = Number(argValue('burst-rounds', '3'));
/**
 * `--one-address`: every guest comes from 127.0.0.1, as before issue 7. Otherwise each guest
 * is a client of its own behind the trusted proxy (X-Forwarded-For), as fans are: issue 7's
 * per-address allowance and per-fan reply cap otherwise put every send of the run through one
 * address's counter row and ten fans' locks.
 */
const ONE_ADDRESS = process.argv.includes('--one-address');
/** DATABASE_POOL_SIZE for the cluster's services (the product default is 5). */
const POOL = process.argv.includes('--pool') ? argValue('pool', '5') : undefined;
/** CHAT_SEND_CONCURRENCY for the cluster's chat-inference (issue 25's admission control; default 64). */
const SEND_CONCURRENCY = process.argv.includes('--send-concurrency')
  ? argValue('send-concurrency', '64')
  : undefined;
/** Write V8 CPU profiles into this folder: every platform process over the sequential TTFT sends, the gateway and chat-inference over each streams level. */
const CPU_PROFILE_DIR = process.argv.includes('--cpu-prof') ? argValue('cpu-prof', '') : undefined;
/**
 * `--chat-replicas 1,2`: the cluster's time to first token and bursts once per count of
 * chat-inference replicas (one NATS queue group), in the same run; streams with the last count.
 */
const CHAT_REPLICAS = argValue('chat-replicas', '1').split(',').map(Number);

const productEnv = {
  LOG_LEVEL: 'warn',
  LLM_PROVIDER: 'openai',
  LLM_MODEL: 'paced',
  OPENAI_API_KEY: 'x',
  // The floor alone, as before standalone's default became `local` (Llama Guard, downloaded on first
  // use): what moderation adds is measured apart (moderation.bench.ts).
  MODERATION_PROVIDER: 'none',
  FREE_TIER_MESSAGES: HIGH,
  THROTTLE_PER_MINUTE: HIGH,
  // Issue 7's per-address allowance and per-fan reply cap, at the most their configs accept:
  // every send here comes from 127.0.0.1, and a streams level gives each guest up to 100 replies.
  FREE_TIER_MESSAGES_PER_ADDRESS: '1000000',
  CHAT_MAX_CONCURRENT_REPLIES_PER_USER: '100',
  GUEST_CREATIONS_PER_MINUTE: HIGH,
  TRUSTED_PROXIES: '127.0.0.1',
};

/** The address guest number `n` sends from (see ONE_ADDRESS). */
const addressOf = (n: number): string | undefined =>
  ONE_ADDRESS ? undefined : `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
const fromAddress = (address: string | undefined): Record<string, string> =>
  address ? { 'x-forwarded-for': address } : {};

/**
 * `--compare <label>=<another checkout's services/standalone/dist/main.js>`: its standalone
 * TTFT is measured too, right after this build's, against the same paced server and browser.
 */
const COMPARED = process.argv.flatMap((arg, i) => {
  if (arg !== '--compare') return [];
  const [label, entry] = (process.argv[i + 1] ?? '').split(/=(.*)/s);
  if (!label || !entry) throw new Error('--compare needs <label>=<path to services/standalone/dist/main.js>');
  return [{ label, entry: path.resolve(entry) }];
});

// ---------------------------------------------------------------- HTTP API helpers

async function api<T>(
  base: string,
  route: string,
  init: { method?: string; token?: string; body?: unknown; address?: string } = {},
): Promise<T> {
  const response = await fetch(`${base}${route}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...fromAddress(init.address),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

const guestToken = async (base: string, address?: string): Promise<string> =>
  (
    await api<{ tokens: { accessToken: string } }>(base, '/api/auth/guest', {
      method: 'POST',
      body: {},
      address,
    })
  ).tokens.accessToken;

const demoCreators = async (base: string): Promise<string[]> =>
  (await api<{ creators: Array<{ id: string }> }>(base, '/api/creators?demoAccount=true')).creators.map(
    (c) => c.id,
  );

const demoCreatorId = async (base: string): Promise<string> =>
  (await api<{ id: string }>(base, '/api/creators/by-handle/demo.creator')).id;

const openConversation = async (
  base: string,
  token: string,
  creatorId: string,
  address?: string,
): Promise<string> =>
  (
    await api<{ id: string }>(base, '/api/conversations', {
      method: 'POST',
      token,
      body: { creatorId },
      address,
    })
  ).id;

async function waitForHealth(base: string, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline)
      throw new Error(`no 200 from ${base}/api/health within ${timeoutMs} ms:\n${what()}`);
    await sleep(250);
  }
}

/** Direct client → paced server: time from sending the request to the first chunk carrying content. */
function directTtft(pacedUrl: string, tag: string): Promise<number> {
  const url = new URL(`${pacedUrl}/chat/completions`);
  const body = JSON.stringify({
    model: 'paced',
    stream: true,
    messages: [{ role: 'user', content: `Tell me about your sourdough [bench:${tag}]` }],
  });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('"content"')) {
            const ms = performance.now() - started;
            request.destroy();
            resolve(ms);
          }
        });
        response.on('end', () => reject(new Error('paced server ended without content')));
      },
    );
    request.setTimeout(10_000, () => request.destroy(new Error('direct request timed out')));
    request.on('error', (error) => reject(error));
    request.end(body);
  });
}

// ---------------------------------------------------------------- 1. time to first fragment

interface BrowserSend {
  /** Wall-clock ms (performance.timeOrigin + now) when the page called fetch. */
  startedAtMs?: number;
  ttffMs: number;
  totalMs: number;
  fragments: number;
  stopReason: string | null;
  error?: string;
}

/** Runs in the page: POST, read the SSE body, time the first `event: fragment`. */
async function sendInPage(args: { url: string; token: string; text: string }): Promise<BrowserSend> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  const t0 = performance.now();
  const startedAtMs = performance.timeOrigin + t0;
  let ttff = -1;
  let fragments = 0;
  let stopReason: string | null = null;
  try {
    const response = await fetch(args.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${args.token}` },
      body: JSON.stringify({ content: [{ text: args.text }] }),
      signal: controller.signal,
    });
    if (!response.ok || !response.body)
      return {
        ttffMs: -1,
        totalMs: -1,
        fragments: 0,
        stopReason: null,
        error: `${response.status} ${await response.text()}`,
      };
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      if (ttff < 0 && buffer.includes('event: fragment\n')) ttff = performance.now() - t0;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('event: fragment\n')) {
          fragments++;
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          const parsed = data ? (JSON.parse(data.slice(6)) as { stopReason?: string }) : {};
          if (parsed.stopReason) stopReason = parsed.stopReason;
        }
        end = buffer.indexOf('\n\n');
      }
    }
    return { startedAtMs, ttffMs: ttff, totalMs: performance.now() - t0, fragments, stopReason };
  } catch (error) {
    return { ttffMs: -1, totalMs: -1, fragments, stopReason, error: String(error) };
  } finally {
    clearTimeout(timer);
  }
}

interface TtftResult {
  mode: string;
  n: number;
  warmup: number;
  browserTtffMs: number[];
  serverTtftMs: number[];
  overheadMs: number[];
  /** First fragment at the browser − the paced server's time to its first sentence's end. */
  overSentenceMs: number[];
  /** Of that: the page's fetch → the model request's arrival at the paced server (wall clocks). */
  beforeModelMs: number[];
  /** And: the first sentence's end written by the paced server → the first fragment in the page. */
  afterSentenceMs: number[];
  directTtftMs: number[];
  directServerTtftMs: number[];
  /** CPU the platform's Node processes spent over the measured sends, ÷ sends (ms). */
  cpuMsPerSend: number;
  errors: string[];
}

async function ttftRun(
  mode: string,
  base: string,
  browser: Browser,
  paced: PacedChild,
  pacedUrl: string,
  platformPids: () => number[],
): Promise<TtftResult> {
  const token = await guestToken(base);
  const conversation = await openConversation(base, token, await demoCreatorId(base));
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  await page.goto(`${base}/api/health`); // same origin as the API, without the SPA's own traffic
  const result: TtftResult = {
    mode,
    n: N,
    warmup: WARMUP,
    browserTtffMs: [],
    serverTtftMs: [],
    overheadMs: [],
    overSentenceMs: [],
    beforeModelMs: [],
    afterSentenceMs: [],
    directTtftMs: [],
    directServerTtftMs: [],
    cpuMsPerSend: Number.NaN,
    errors: [],
  };
  const run = randomBytes(3).toString('hex');
  let cpuAtStart = 0;
  for (let i = 0; i < WARMUP + N; i++) {
    const measured = i >= WARMUP;
    if (i === WARMUP) {
      cpuAtStart = platformCpuSeconds(platformPids());
      toggleCpuProfiles(platformPids());
    }
    // Baseline first: a direct client → paced server request.
    const directTag = `d${run}-${i}`;
    const direct = await directTtft(pacedUrl, directTag);
    const directServer = await paced.ttft(directTag);
    // Then the same model call through Backtalk, from the browser.
    const tag = `b${run}-${i}`;
    const sent = await page.evaluate(sendInPage, {
      url: `${base}/api/conversations/${conversation}/messages`,
      token,
      text: `What do you put in your sourdough? [bench:${tag}]`,
    });
    if (sent.error || sent.ttffMs < 0 || sent.stopReason !== 'end_turn') {
      result.errors.push(`send ${i}: ${sent.error ?? `ttff ${sent.ttffMs}, stopReason ${sent.stopReason}`}`);
      if (result.errors.length > 5)
        throw new Error(`${mode}: too many failed sends:\n${result.errors.join('\n')}`);
      continue;
    }
    const server = await paced.ttft(tag);
    const sentence = await paced.sentence(tag);
    if (!measured) continue;
    result.browserTtffMs.push(sent.ttffMs);
    result.serverTtftMs.push(server);
    result.overheadMs.push(sent.ttffMs - server);
    result.overSentenceMs.push(sent.ttffMs - sentence);
    const arrivedAtMs = paced.arrivedAt(tag);
    if (sent.startedAtMs !== undefined && arrivedAtMs !== undefined) {
      result.beforeModelMs.push(arrivedAtMs - sent.startedAtMs);
      result.afterSentenceMs.push(sent.startedAtMs + sent.ttffMs - (arrivedAtMs + sentence));
    }
    result.directTtftMs.push(direct);
    result.directServerTtftMs.push(directServer);
    if ((i - WARMUP + 1) % 25 === 0)
      progress(
        `${mode}: ${i - WARMUP + 1}/${N} sends, overhead p50 so far ${fmt(percentile(result.overheadMs, 50))} ms`,
      );
  }
  result.cpuMsPerSend = ((platformCpuSeconds(platformPids()) - cpuAtStart) * 1000) / N;
  toggleCpuProfiles(platformPids());
  await context.close();
  return result;
}

/** With --cpu-prof: the preload that lets SIGWINCH start and stop a V8 CPU profile of a service process. */
function cpuProfileEnv(): Record<string, string> {
  if (!CPU_PROFILE_DIR) return {};
  return {
    NODE_OPTIONS: `--require ${path.join(__dirname, 'cpu-profile.preload.cjs')}`,
    BENCH_CPU_PROFILE_DIR: path.resolve(CPU_PROFILE_DIR),
  };
}

/** Starts (first call) or stops and writes (second call) the CPU profiles of these processes. */
function toggleCpuProfiles(pids: number[]): void {
  if (CPU_PROFILE_DIR) for (const pid of pids) process.kill(pid, 'SIGWINCH');
}

/** CPU seconds (user + system) of the platform's Node processes, PostgreSQL and NATS not included. */
function platformCpuSeconds(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
}

interface BurstResult {
  mode: string;
  fans: number;
  rounds: number;
  ttffMs: number[];
  serverTtftMs: number[];
  overheadMs: number[];
  /** The same burst sent straight to the paced server just before: its TTFT under that burst. */
  directTtftMs: number[];
  /** CPU the platform's Node processes spent over the measured rounds, ÷ sends (ms). */
  cpuMsPerSend: number;
  errors: string[];
}

/**
 * `fans` fans send at the same moment (one Node client, no socket limit), `BURST_ROUNDS` times after
 * one warm-up burst. TTFF = first `event: fragment` at the client; overhead = TTFF − the paced
 * server's own TTFT for that request. Baseline, just before each burst: the same number of direct
 * requests to the paced server at the same moment.
 */
async function burstRun(
  mode: string,
  base: string,
  fans: number,
  paced: PacedChild,
  pacedUrl: string,
  platformPids: () => number[],
): Promise<BurstResult> {
  const creator = await demoCreatorId(base);
  const conversations: Conversation[] = [];
  for (let g = 0; g < fans; g++) {
    const address = addressOf(g);
    const token = await guestToken(base, address);
    conversations.push({ id: await openConversation(base, token, creator, address), token, address });
  }
  const result: BurstResult = {
    mode,
    fans,
    rounds: BURST_ROUNDS,
    ttffMs: [],
    serverTtftMs: [],
    overheadMs: [],
    directTtftMs: [],
    cpuMsPerSend: Number.NaN,
    errors: [],
  };
  const run = randomBytes(3).toString('hex');
  let platformCpu = 0;
  for (let round = 0; round <= BURST_ROUNDS; round++) {
    const measured = round > 0;
    const direct = await Promise.all(
      conversations.map((_, i) => directTtft(pacedUrl, `bd${run}-${round}-${i}`).catch(() => Number.NaN)),
    );
    const cpuBefore = platformCpuSeconds(platformPids());
    const sends = await Promise.all(
      conversations.map(
        (conversation, i) =>
          new Promise<{ tag: string; record: StreamRecord; started: number }>((resolve) => {
            const tag = `bb${run}-${round}-${i}`;
            const record = newRecord();
            const started = record.startedAt;
            openStream(
              base,
              conversation,
              record,
              () => undefined,
              () => resolve({ tag, record, started }),
              `What do you put in your sourdough? [bench:${tag}]`,
            );
          }),
      ),
    );
    if (!measured) continue;
    platformCpu += platformCpuSeconds(platformPids()) - cpuBefore;
    result.directTtftMs.push(...direct.filter((ms) => !Number.isNaN(ms)));
    for (const { tag, record, started } of sends) {
      if (record.firstAt === undefined || record.stopReason !== 'end_turn' || record.problems.length) {
        result.errors.push(record.problems[0] ?? `no complete reply (status ${record.status})`);
        continue;
      }
      const server = await paced.ttft(tag).catch(() => Number.NaN);
      if (Number.isNaN(server)) continue;
      const ttff = record.firstAt - started;
      result.ttffMs.push(ttff);
      result.serverTtftMs.push(server);
      result.overheadMs.push(ttff - server);
    }
    progress(
      `${mode}, burst of ${fans}: round ${round}/${BURST_ROUNDS}, overhead p50 so far ${fmt(percentile(result.overheadMs, 50))} ms, ${result.errors.length} failed`,
    );
  }
  result.cpuMsPerSend = (platformCpu * 1000) / (fans * BURST_ROUNDS);
  return result;
}

function burstTable(results: BurstResult[]): string {
  const p = (xs: number[], q: number) => fmt(percentile(xs, q));
  return table(
    [
      'mode',
      'fans at once',
      'sends measured (failed)',
      'TTFF p50 / p99 ms',
      'paced server TTFT (same requests) p50 ms',
      'platform overhead p50 / p99 ms',
      'baseline: the same burst straight to the paced server, TTFT p50 / p99 ms',
      'platform CPU per send ms (its Node processes; the whole reply)',
    ],
    results.map((r) => [
      r.mode,
      String(r.fans),
      `${r.overheadMs.length} (${r.errors.length})`,
      `${p(r.ttffMs, 50)} / ${p(r.ttffMs, 99)}`,
      p(r.serverTtftMs, 50),
      `**${p(r.overheadMs, 50)}** / **${p(r.overheadMs, 99)}**`,
      `${p(r.directTtftMs, 50)} / ${p(r.directTtftMs, 99)}`,
      fmt(r.cpuMsPerSend, 2),
    ]),
  );
}

// ---------------------------------------------------------------- 2. concurrent streams

/**
 * The cluster gateway's internal port (HTTP_PORT), where it serves /metrics: the backends get
 * any free port of their own (startCluster), the gateway this one.
 */
let gatewayInternalPort = 0;

/** The gateway's own view from its /metrics: V8 heap used, and its chat streams gauge. */
async function gatewayMetrics(): Promise<{ heapUsedMiB: number; streamsActive: number }> {
  const text = await fetch(`http://127.0.0.1:${gatewayInternalPort}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const value = (pattern: RegExp): number => Number(text.match(pattern)?.[1] ?? Number.NaN);
  return {
    heapUsedMiB: value(/^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)$/m) / 2 ** 20,
    streamsActive: value(/^backtalk_chat_streams_active\{[^}]*service="gateway"[^}]*\} (\S+)$/m),
  };
}

interface StreamRecord {
  status?: number;
  startedAt: number;
  firstAt?: number;
  endAt?: number;
  messageId?: string;
  nextSeq: number;
  textFragments: number;
  text: string;
  stopReason?: string;
  problems: string[];
  errorEvents: number;
  body?: string;
  /** The Retry-After header of an answer other than 200. */
  retryAfter?: string;
}

/** The record of a stream opened now. */
const newRecord = (): StreamRecord => ({
  startedAt: performance.now(),
  nextSeq: 0,
  textFragments: 0,
  text: '',
  problems: [],
  errorEvents: 0,
});

const agent = new http.Agent({ keepAlive: false, maxSockets: 10_000 });

interface Conversation {
  id: string;
  token: string;
  /** The guest's client address (X-Forwarded-For), unless --one-address. */
  address: string | undefined;
}

function openStream(
  base: string,
  { id: conversation, token, address }: Conversation,
  record: StreamRecord,
  onFirst: () => void,
  onEnd: () => void,
  text = 'Tell me the whole story, slowly.',
): http.ClientRequest {
  const body = JSON.stringify({ content: [{ text }] });
  const request = http.request(
    `${base}/api/conversations/${conversation}/messages`,
    {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'content-length': Buffer.byteLength(body),
        ...fromAddress(address),
      },
    },
    (response) => {
      record.status = response.statusCode;
      response.setEncoding('utf8');
      if (response.statusCode !== 200) {
        record.body = '';
        record.retryAfter = response.headers['retry-after'];
        response.on('data', (chunk: string) => (record.body += chunk));
        response.on('end', () => {
          record.endAt = performance.now();
          record.problems.push(`HTTP ${record.status}: ${record.body?.slice(0, 200)}`);
          onEnd();
        });
        return;
      }
      const parser = new SseParser();
      response.on('data', (chunk: string) => {
        for (const event of parser.push(chunk)) {
          if (event.event === 'error') {
            record.errorEvents++;
            record.problems.push(`error event ${event.data}`);
          }
          if (event.event !== 'fragment') continue;
          const data = JSON.parse(event.data) as { text: string; id: string; stopReason?: string };
          if (record.firstAt === undefined) {
            record.firstAt = performance.now();
            onFirst();
          }
          const [messageId, seqText] = data.id.split('#');
          const seq = Number(seqText);
          if (event.id !== data.id) record.problems.push(`SSE id ${event.id} ≠ data id ${data.id}`);
          if (record.messageId === undefined) record.messageId = messageId;
          else if (record.messageId !== messageId) record.problems.push(`message id changed to ${messageId}`);
          if (seq !== record.nextSeq)
            record.problems.push(`fragment #${seq} where #${record.nextSeq} was due`);
          record.nextSeq = seq + 1;
          if (record.stopReason !== undefined) record.problems.push(`fragment after the stop reason`);
          if (data.stopReason !== undefined) record.stopReason = data.stopReason;
          else {
            record.textFragments++;
            record.text += data.text;
          }
        }
      });
      response.on('end', () => {
        record.endAt = performance.now();
        onEnd();
      });
      response.on('error', (error) => record.problems.push(`response error ${error.message}`));
    },
  );
  request.on('error', (error) => {
    record.problems.push(`request error ${error.message}`);
    if (record.endAt === undefined) {
      record.endAt = performance.now();
      onEnd();
    }
  });
  request.end(body);
  return request;
}

interface LevelResult {
  streams: number;
  complete: number;
  lostOrBroken: number;
  /** Issue 25: sends refused as the queue's bound says — 503 SERVICE_BUSY with Retry-After. */
  queuedBusy: number;
  problems: string[];
  peakOpen: number;
  gatewayIdleMiB: number;
  gatewayDuringMiB: number;
  gatewayDuringBasis: string;
  gatewayPeakMiB: number;
  gatewayAfterMiB: number;
  perStreamKiB: number;
  /** V8 heap used (gateway /metrics) idle, and once while all streams were open. */
  gatewayHeapIdleMiB: number;
  gatewayHeapDuringMiB: number;
  /** backtalk_chat_streams_active{service="gateway"} read at that moment. */
  gatewayStreamsActive: number;
  /** CPU per text fragment delivered, over the level: gateway, chat-inference (µs). */
  cpuUsPerFragment: { gateway: number; chatInference: number };
  chatInferenceIdleMiB: number;
  chatInferencePeakMiB: number;
  ttffP50Ms: number;
  ttffP99Ms: number;
  durationP50Ms: number;
  durationP99Ms: number;
  rampMs: number;
  wallMs: number;
  /** Text fragments received by the clients per second, first fragment to last end. */
  fragmentsPerSecond: number;
  /** SSE text fragments received per token delivered (1 when no tokens were merged). */
  sseFragmentsPerToken: number;
  cpuPercent: Record<string, number>;
  /** CPU % while all streams were open (NaN when they never were). */
  allOpenCpuPercent: { gateway: number; chatInference: number; seconds: number };
}

/** A send refused past the admission queue's bound: 503 SERVICE_BUSY that says when to come back. */
function busyWithRetryAfter(record: StreamRecord): boolean {
  if (record.status !== 503 || !record.retryAfter || !/^\d+$/.test(record.retryAfter)) return false;
  return (JSON.parse(record.body ?? '{}') as { code?: string }).code === 'SERVICE_BUSY';
}

async function streamsLevel(
  base: string,
  count: number,
  conversations: Conversation[],
  pids: { gateway: number; chatInference: number; paced: number },
): Promise<LevelResult> {
  const idle = async (): Promise<{ gw: number; ci: number }> => {
    const readings: Array<{ gw: number; ci: number }> = [];
    for (let i = 0; i < 5; i++) {
      readings.push({ gw: rssMiB(pids.gateway), ci: rssMiB(pids.chatInference) });
      await sleep(200);
    }
    return {
      gw: percentile(
        readings.map((r) => r.gw),
        50,
      ),
      ci: percentile(
        readings.map((r) => r.ci),
        50,
      ),
    };
  };
  await sleep(3000);
  const before = await idle();
  const heapBefore = await gatewayMetrics();
  let during: Promise<{ heapUsedMiB: number; streamsActive: number }> | undefined;
  const natsPids = pidsNamed('nats-server');
  // The machine's PostgreSQL as a whole (other users' sessions included): per-pid deltas, new backends counted from 0.
  const postgresCpu = (): Map<number, number> =>
    new Map(pidsNamed('postgres').map((pid) => [pid, cpuSeconds(pid)]));
  const postgresBefore = postgresCpu();
  const cpuOf = (): Record<string, number> => ({
    gateway: cpuSeconds(pids.gateway),
    'chat-inference': cpuSeconds(pids.chatInference),
    'paced server': cpuSeconds(pids.paced),
    'bench client': (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    'nats-server': natsPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    'postgres (whole server)': [...postgresCpu()].reduce(
      (sum, [pid, cpu]) => sum + cpu - (postgresBefore.get(pid) ?? 0),
      0,
    ),
  });
  const cpuBefore = cpuOf();
  const records: StreamRecord[] = [];
  const requests: http.ClientRequest[] = [];
  let open = 0;
  let ended = 0;
  let peakOpen = 0;
  const samples: Array<{ t: number; open: number; gw: number; ci: number; gwCpu: number; ciCpu: number }> =
    [];
  const sampler = setInterval(() => {
    try {
      samples.push({
        t: performance.now(),
        open,
        gw: rssMiB(pids.gateway),
        ci: rssMiB(pids.chatInference),
        gwCpu: cpuSeconds(pids.gateway),
        ciCpu: cpuSeconds(pids.chatInference),
      });
    } catch {
      // process gone: reported below by the checks
    }
  }, 100);
  const profiled = CPU_PROFILE_DIR && count > 20 ? [pids.gateway, pids.chatInference] : [];
  for (const pid of profiled) process.kill(pid, 'SIGWINCH'); // start profiling (cpu-profile.preload.cjs)
  const started = performance.now();
  let allEnded!: () => void;
  const done = new Promise<void>((resolve) => (allEnded = resolve));
  // Ramp: 250 new streams a second, so the opening burst is not a single instant.
  const perTick = 25;
  for (let i = 0; i < count; i++) {
    const conversation = conversations[i % conversations.length]!;
    const record = newRecord();
    records.push(record);
    let counted = false;
    requests.push(
      openStream(
        base,
        conversation,
        record,
        () => {
          counted = true;
          open++;
          peakOpen = Math.max(peakOpen, open);
          // Once every stream is open, the gateway's own view, half a second later.
          if (open === count && !during) during = sleep(500).then(() => gatewayMetrics());
        },
        () => {
          if (counted) open--;
          ended++;
          if (ended === count) allEnded();
        },
      ),
    );
    if ((i + 1) % perTick === 0) await sleep(100);
  }
  const rampMs = performance.now() - started;
  const deadlineMs = 180_000;
  const timedOut = await Promise.race([done.then(() => false), sleep(deadlineMs).then(() => true)]);
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  for (const pid of profiled) process.kill(pid, 'SIGWINCH'); // stop and write the profile
  if (timedOut) for (const request of requests) request.destroy();
  const cpuAfter = cpuOf();
  await sleep(3000);
  const after = await idle();

  const expectedText = LONG_REPLY;
  let complete = 0;
  let queuedBusy = 0;
  const problems: string[] = [];
  for (const record of records) {
    if (record.endAt === undefined) record.problems.push(`no end within ${deadlineMs / 1000} s`);
    if (record.status === 200) {
      // Since issue 13 chat-inference may merge tokens that come close together into one fragment:
      // at most one fragment per token, and the text (checked below) must be the whole reply.
      if (record.textFragments < 1 || record.textFragments > LONG_TOKENS)
        record.problems.push(`${record.textFragments} text fragments for ${LONG_TOKENS} tokens`);
      if (record.stopReason !== 'end_turn') record.problems.push(`stop reason ${record.stopReason}`);
      if (record.text !== expectedText) record.problems.push('text differs from the reply');
    }
    if (record.problems.length === 0) complete++;
    else if (busyWithRetryAfter(record)) queuedBusy++;
    else problems.push(...record.problems.slice(0, 2));
  }
  const full = samples.filter((s) => s.open === count);
  // CPU while every stream was open (first to last sample with all open).
  const windowCpu = (key: 'gwCpu' | 'ciCpu'): number => {
    if (full.length < 2) return Number.NaN;
    const first = full[0]!;
    const last = full.at(-1)!;
    return ((last[key] - first[key]) / ((last.t - first.t) / 1000)) * 100;
  };
  const peak = samples.filter((s) => s.open === Math.max(...samples.map((x) => x.open)));
  const basis = full.length ? full : peak;
  const duringRss = Math.max(...basis.map((s) => s.gw));
  const heapDuring = (await during?.catch(() => undefined)) ?? {
    heapUsedMiB: Number.NaN,
    streamsActive: Number.NaN,
  };
  const concurrent = full.length ? count : Math.max(...samples.map((x) => x.open));
  const ttffs = records
    .filter((r) => r.firstAt !== undefined)
    .map((r) => (r.firstAt as number) - r.startedAt);
  const durations = records
    .filter((r) => r.endAt !== undefined && r.status === 200)
    .map((r) => (r.endAt as number) - r.startedAt);
  const firsts = records.filter((r) => r.firstAt !== undefined).map((r) => r.firstAt as number);
  const ends = records.filter((r) => r.endAt !== undefined).map((r) => r.endAt as number);
  // Model tokens delivered (the reply's `w<i>` words): a fragment per token before issue 13, so
  // "fragments/s" and "µs per fragment" keep meaning per token whether or not tokens were merged.
  const fragments = records.reduce((sum, r) => sum + (r.text.match(/w\d+/g)?.length ?? 0), 0);
  const fragmentsPerSecond = fragments / ((Math.max(...ends) - Math.min(...firsts)) / 1000);
  const sseFragments = records.reduce((sum, r) => sum + r.textFragments, 0);
  const cpuPercent = Object.fromEntries(
    Object.keys(cpuBefore).map((k) => [k, ((cpuAfter[k]! - cpuBefore[k]!) / (wallMs / 1000)) * 100]),
  );
  return {
    streams: count,
    complete,
    queuedBusy,
    lostOrBroken: count - complete - queuedBusy,
    problems: [...new Set(problems)].slice(0, 10),
    peakOpen,
    gatewayIdleMiB: before.gw,
    gatewayDuringMiB: duringRss,
    gatewayDuringBasis: full.length
      ? `max of ${full.length} samples with all ${count} open`
      : `max at peak concurrency ${concurrent}`,
    gatewayPeakMiB: Math.max(...samples.map((s) => s.gw)),
    gatewayAfterMiB: after.gw,
    perStreamKiB: ((duringRss - before.gw) * 1024) / concurrent,
    gatewayHeapIdleMiB: heapBefore.heapUsedMiB,
    gatewayHeapDuringMiB: heapDuring.heapUsedMiB,
    gatewayStreamsActive: heapDuring.streamsActive,
    cpuUsPerFragment: {
      gateway: ((cpuAfter.gateway! - cpuBefore.gateway!) * 1e6) / fragments,
      chatInference: ((cpuAfter['chat-inference']! - cpuBefore['chat-inference']!) * 1e6) / fragments,
    },
    chatInferenceIdleMiB: before.ci,
    chatInferencePeakMiB: Math.max(...samples.map((s) => s.ci)),
    ttffP50Ms: percentile(ttffs, 50),
    ttffP99Ms: percentile(ttffs, 99),
    durationP50Ms: percentile(durations, 50),
    durationP99Ms: percentile(durations, 99),
    rampMs,
    wallMs,
    fragmentsPerSecond,
    sseFragmentsPerToken: sseFragments / fragments,
    cpuPercent,
    allOpenCpuPercent: {
      gateway: windowCpu('gwCpu'),
      chatInference: windowCpu('ciCpu'),
      seconds: full.length >= 2 ? (full.at(-1)!.t - full[0]!.t) / 1000 : 0,
    },
  };
}

// ---------------------------------------------------------------- orchestration

async function withStandalone<T>(
  pacedUrl: string,
  body: (base: string, app: SpawnedProcess) => Promise<T>,
  entry = path.join(repoRoot, 'services/standalone/dist/main.js'),
): Promise<T> {
  const dataDir = freshDataDir('chat'); // under os.tmpdir(), chmod 755: embedded PostgreSQL runs as `postgres` under root
  const port = await freePort();
  const app = spawnNode(path.relative(repoRoot, entry), {
    ...productEnv,
    BACKTALK_DATA_DIR: dataDir,
    PORT: String(port),
    LLM_BASE_URL: pacedUrl,
    HOME: process.env.HOME,
    ...cpuProfileEnv(),
  });
  try {
    const [, base] = (await app.waitForOutput(/Backtalk is ready at (http:\/\/\S+)/, 180_000)) as unknown as [
      string,
      string,
    ];
    return await body(base, app);
  } finally {
    if (app.child.exitCode === null) {
      app.child.kill('SIGINT');
      const timer = setTimeout(() => app.child.kill('SIGKILL'), 20_000);
      await app.exited;
      clearTimeout(timer);
    }
    removeDir(dataDir);
  }
}

async function withCluster<T>(
  pacedUrl: string,
  chatReplicas: number,
  body: (cluster: RunningCluster) => Promise<T>,
): Promise<T> {
  process.env[TEST_SERVER_URL_VARIABLE] ??=
    process.env.TEST_DATABASE_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const database: TestDatabase = await createTestDatabase('bench_chat');
  const prefix = `benchchat${randomBytes(4).toString('hex')}.`;
  gatewayInternalPort = await freePort();
  const cluster = await startCluster(
    {
      ...productEnv,
      DATABASE_URL: database.url,
      NATS_URL: testNatsUrl(),
      NATS_SUBJECT_PREFIX: prefix,
      DEMO_DATA: 'true',
      LLM_BASE_URL: pacedUrl,
      ...(POOL ? { DATABASE_POOL_SIZE: POOL } : {}),
      ...(SEND_CONCURRENCY ? { CHAT_SEND_CONCURRENCY: SEND_CONCURRENCY } : {}),
      ...cpuProfileEnv(),
      HTTP_PORT: String(gatewayInternalPort),
      HOME: process.env.HOME ?? '',
    },
    backendServices,
    chatReplicas >= 2 ? ['chat-inference'] : [],
  );
  try {
    await waitForHealth(cluster.gatewayUrl, 120_000, () => cluster.output.slice(-40).join('\n'));
    return await body(cluster);
  } catch (error) {
    progress(`cluster output (last 30 lines):\n${cluster.output.slice(-30).join('\n')}`);
    throw error;
  } finally {
    await cluster.stop();
    await database.drop();
  }
}

function ttftTable(results: TtftResult[]): string {
  const rows: string[][] = [];
  for (const r of results) {
    const p = (xs: number[], q: number) => fmt(percentile(xs, q));
    rows.push([
      r.mode,
      String(r.overheadMs.length),
      p(r.browserTtffMs, 50),
      p(r.browserTtffMs, 99),
      p(r.serverTtftMs, 50),
      p(r.serverTtftMs, 99),
      `**${p(r.overheadMs, 50)}**`,
      `**${p(r.overheadMs, 99)}**`,
      `${p(r.overSentenceMs, 50)} / ${p(r.overSentenceMs, 99)}`,
      r.beforeModelMs.length ? `${p(r.beforeModelMs, 50)} + ${p(r.afterSentenceMs, 50)}` : 'n/a',
      p(r.directTtftMs, 50),
      p(r.directTtftMs, 99),
      `${fmt(percentile(r.browserTtffMs, 50) / percentile(r.directTtftMs, 50), 2)}× / ${fmt(percentile(r.browserTtffMs, 99) / percentile(r.directTtftMs, 99), 2)}×`,
      fmt(r.cpuMsPerSend, 2),
    ]);
  }
  return table(
    [
      'mode',
      'sends',
      'browser TTFF p50 ms',
      'p99',
      'paced server TTFT (same request) p50 ms',
      'p99',
      'platform overhead p50 ms',
      'p99',
      "over the model's first sentence p50 / p99 ms (moderation shows nothing before it)",
      'of which: fetch → model request p50 + first sentence written → page p50 ms (wall clocks)',
      'baseline: direct client → paced server TTFT p50 ms',
      'p99',
      'browser TTFF ÷ baseline, p50 / p99',
      'platform CPU per send ms (its Node processes; the whole reply)',
    ],
    rows,
  );
}

function streamsTable(levels: LevelResult[]): string {
  return [
    table(
      [
        'streams',
        'complete, in order, nothing lost',
        'refused past the queue (503 SERVICE_BUSY + Retry-After) / lost or broken',
        'peak open at once',
        'gateway RSS idle MiB',
        'during MiB',
        'after MiB',
        'per stream KiB',
        'gateway V8 heap used idle → during MiB (streams by its gauge)',
        'TTFF p50 / p99 ms',
        'stream duration p50 / p99 s (ideal 10.15)',
        'chat-inference RSS idle → peak MiB',
        `tokens (fragments before merging) /s delivered (paced rate ${1000 / LONG_INTER_TOKEN_MS}/s per stream)`,
        'SSE fragments per token',
      ],
      levels.map((l) => [
        String(l.streams),
        `${l.complete}/${l.streams}`,
        `${l.queuedBusy} / ${l.lostOrBroken}`,
        String(l.peakOpen),
        fmt(l.gatewayIdleMiB),
        fmt(l.gatewayDuringMiB),
        fmt(l.gatewayAfterMiB),
        fmt(l.perStreamKiB, 0),
        `${fmt(l.gatewayHeapIdleMiB, 1)} → ${fmt(l.gatewayHeapDuringMiB, 1)} (${l.gatewayStreamsActive})`,
        `${fmt(l.ttffP50Ms, 0)} / ${fmt(l.ttffP99Ms, 0)}`,
        `${fmt(l.durationP50Ms / 1000, 2)} / ${fmt(l.durationP99Ms / 1000, 2)}`,
        `${fmt(l.chatInferenceIdleMiB)} → ${fmt(l.chatInferencePeakMiB)}`,
        `${fmt(l.fragmentsPerSecond, 0)} (${l.streams * (1000 / LONG_INTER_TOKEN_MS)} if all overlapped)`,
        fmt(l.sseFragmentsPerToken, 2),
      ]),
    ),
    '',
    table(
      [
        'streams',
        ...Object.keys(levels[0]?.cpuPercent ?? {}).map((k) => `${k} CPU %`),
        'wall s',
        'while all open: gateway / chat-inference CPU % (over s)',
        'CPU µs per fragment delivered: gateway / chat-inference',
      ],
      levels.map((l) => [
        String(l.streams),
        ...Object.values(l.cpuPercent).map((v) => fmt(v, 0)),
        fmt(l.wallMs / 1000, 1),
        `${fmt(l.allOpenCpuPercent.gateway, 0)} / ${fmt(l.allOpenCpuPercent.chatInference, 0)} (${fmt(l.allOpenCpuPercent.seconds, 1)})`,
        `${fmt(l.cpuUsPerFragment.gateway, 0)} / ${fmt(l.cpuUsPerFragment.chatInference, 0)}`,
      ]),
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const started = new Date();
  const load = os.loadavg();
  const paced = await forkPacedServer();
  const output: string[] = [];
  const json: Record<string, unknown> = { date: started.toISOString(), machine: machineLine() };
  let browser: Browser | undefined;
  try {
    const { url: pacedUrl, port: pacedPort } = await paced.start({
      firstTokenDelayMs: FIRST_TOKEN_MS,
      interTokenDelayMs: INTER_TOKEN_MS,
    });
    const ttft: TtftResult[] = [];
    const bursts: BurstResult[] = [];
    if (only.includes('ttft')) {
      browser = await launchChromium();
      // This build's standalone, then each compared build's, against the same paced server and browser.
      for (const { label, entry } of [{ label: '', entry: undefined }, ...COMPARED]) {
        const mode = label ? `standalone, ${label}` : 'standalone';
        progress(`${mode}: starting (fresh data folder)`);
        ttft.push(
          await withStandalone(
            pacedUrl,
            async (base, app) => {
              const pids = () => [app.child.pid as number];
              const sequential = await ttftRun(mode, base, browser as Browser, paced, pacedUrl, pids);
              for (const fans of BURSTS) bursts.push(await burstRun(mode, base, fans, paced, pacedUrl, pids));
              return sequential;
            },
            entry,
          ),
        );
      }
    }
    const levels: LevelResult[] = [];
    for (const [index, replicas] of CHAT_REPLICAS.entries()) {
      const last = index === CHAT_REPLICAS.length - 1;
      const label = replicas === 1 ? 'cluster' : `cluster, ${replicas} chat-inference replicas`;
      await withCluster(pacedUrl, replicas, async (cluster) => {
        if (only.includes('ttft')) {
          progress(`${label}: up`);
          // Every Node process of the cluster (its PostgreSQL and NATS are not counted).
          const pids = () =>
            ['gateway', ...cluster.services, ...cluster.services.map((name) => `${name}-2`)]
              .map((name) => cluster.supervisor.process(name)?.pid)
              .filter((pid): pid is number => pid !== undefined);
          ttft.push(await ttftRun(label, cluster.gatewayUrl, browser as Browser, paced, pacedUrl, pids));
          for (const fans of BURSTS)
            bursts.push(await burstRun(label, cluster.gatewayUrl, fans, paced, pacedUrl, pids));
        }
        if (!last) return;
        await browser?.close();
        browser = undefined;
        if (!only.includes('streams')) return;
        // Same port, same LLM_BASE_URL: now a 200-token reply at 50 ms a token.
        await paced.stop();
        await paced.start({
          firstTokenDelayMs: FIRST_TOKEN_MS,
          interTokenDelayMs: LONG_INTER_TOKEN_MS,
          reply: LONG_REPLY,
          port: pacedPort,
        });
        const base = cluster.gatewayUrl;
        const creators = await demoCreators(base);
        const conversations: Conversation[] = [];
        for (let g = 0; g < GUESTS; g++) {
          const address = addressOf(g);
          const token = await guestToken(base, address);
          for (const creator of creators)
            conversations.push({ id: await openConversation(base, token, creator, address), token, address });
        }
        const pids = {
          gateway: cluster.supervisor.process('gateway')?.pid as number,
          chatInference: cluster.supervisor.process('chat-inference')?.pid as number,
          paced: paced.child.pid as number,
        };
        progress(
          `streams: ${GUESTS} guests × ${creators.length} demo creators = ${conversations.length} conversations`,
        );
        for (const count of LEVELS) {
          // A fresh gateway process per level, so its idle RSS is not what earlier levels left behind
          // (V8 keeps the heap it grew); then a warm-up of 20 streams end to end (JWKS fetch, JIT).
          await cluster.supervisor.kill('gateway', 'SIGTERM');
          cluster.start('gateway');
          pids.gateway = cluster.supervisor.process('gateway')?.pid as number;
          await waitForHealth(base, 60_000, () => cluster.output.slice(-40).join('\n'));
          progress(
            `streams: ${count} concurrent (gateway pid ${pids.gateway}, chat-inference pid ${pids.chatInference}); warm-up`,
          );
          await streamsLevel(base, Math.min(20, conversations.length), conversations, pids);
          const level = await streamsLevel(base, count, conversations, pids);
          progress(
            `streams ${count}: ${level.complete}/${count} complete, peak open ${level.peakOpen}, gateway ${fmt(level.gatewayIdleMiB)} → ${fmt(level.gatewayDuringMiB)} → ${fmt(level.gatewayAfterMiB)} MiB, ` +
              `heap ${fmt(level.gatewayHeapIdleMiB)} → ${fmt(level.gatewayHeapDuringMiB)} MiB with ${level.gatewayStreamsActive} streams active by the gateway's own gauge, ` +
              `duration p50 ${fmt(level.durationP50Ms / 1000, 2)} s, CPU ${JSON.stringify(Object.fromEntries(Object.entries(level.cpuPercent).map(([k, v]) => [k, Math.round(v)])))}`,
          );
          if (level.problems.length) progress(`  problems: ${level.problems.join(' | ')}`);
          levels.push(level);
        }
      });
    }
    json.ttft = ttft;
    json.bursts = bursts;
    json.streams = levels;
    const ended = new Date();
    output.push(
      `Date: ${started.toISOString()} → ${ended.toISOString()} · machine: ${machineLine()} · load average (1/5/15 min) at start ${load.map((v) => v.toFixed(2)).join(' / ')}, at end ${os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' / ')}`,
    );
    if (ttft.length) {
      output.push(
        '',
        `**Time to first fragment** — paced server: first token after ${FIRST_TOKEN_MS} ms, then one every ${INTER_TOKEN_MS} ms (${'its default 26-token reply'}); ${N} sequential sends per mode after ${WARMUP} warm-up sends, each preceded by a baseline request.`,
        '',
        ttftTable(ttft),
      );
      for (const r of ttft)
        if (r.errors.length)
          output.push('', `${r.mode}: ${r.errors.length} failed sends: ${r.errors.join('; ')}`);
    }
    if (bursts.length) {
      output.push(
        '',
        `**Bursts** — that many fans (guests with addresses and conversations of their own) send at the same moment; one warm-up burst, then ${BURST_ROUNDS} measured bursts per level, each preceded by the same burst straight to the paced server.`,
        '',
        burstTable(bursts),
      );
      for (const r of bursts)
        if (r.errors.length)
          output.push(
            '',
            `${r.mode}, ${r.fans} fans: ${r.errors.length} failed: ${[...new Set(r.errors)].slice(0, 3).join('; ')}`,
          );
    }
    if (levels.length) {
      output.push(
        '',
        `**Concurrent streams, one gateway process (cluster mode)** — paced server: ${LONG_TOKENS} tokens, first after ${FIRST_TOKEN_MS} ms, then every ${LONG_INTER_TOKEN_MS} ms; streams opened at 250/s, ${GUESTS} guests × the demo creators' conversations, ${ONE_ADDRESS ? 'all from 127.0.0.1' : 'each guest from an address of its own (X-Forwarded-For)'}; a fresh gateway process per level, warmed up with 20 streams; CPU from /proc/<pid>/stat over the level.`,
        '',
        streamsTable(levels),
      );
      for (const l of levels)
        if (l.problems.length)
          output.push('', `${l.streams} streams, problems seen: ${l.problems.join('; ')}`);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await paced.exit();
  }
  process.stdout.write(`${output.join('\n')}\n`);
  const jsonIndex = process.argv.indexOf('--json');
  if (jsonIndex >= 0)
    fs.writeFileSync(process.argv[jsonIndex + 1] as string, `${JSON.stringify(json, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `fan-chat benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);
