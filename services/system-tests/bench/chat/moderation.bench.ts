/**
 * What moderation adds to the time to the first visible fragment (issue 22 item 2;
 * docs/benchmarks.md, "Moderation"). Three standalone Backtalks on the built services, each
 * with the paced OpenAI-compatible chat model (200 ms to the first token, then 20 ms a token;
 * the reply's first sentence, "Thanks for asking!", is its first three tokens):
 *
 * - `floor`: MODERATION_PROVIDER=none — the always-on floor and the sentence hold-back, no
 *   moderator call (the baseline of the moderator's cost);
 * - `fake`: MODERATION_PROVIDER=openai at the fake moderation server of @backtalk/testing (a local
 *   HTTP server answering at once);
 * - `local`: MODERATION_PROVIDER=local, node-llama-cpp in-process, with MODERATION_MODEL (default:
 *   the tiny ../shared/models/stories260K.gguf, which is no safety model: its answers are
 *   unreadable, so MODERATION_FAILURE=floor-only lets the text through after the model ran — the
 *   mechanics and the cost of a local call, not Llama Guard's figures).
 *
 * Rounds interleave the three and a direct request to the paced server (the model's own time to
 * its first token, `model`). Each send is from a guest who confirmed they are an adult (a minor's
 * text is always blocked when the moderator fails). The time is from the request to the first
 * `event: fragment` with text, read by a Node client; each reply is read to its end before the next send.
 *
 *   node -r ./services/libs/testing/swc-register.cjs services/system-tests/bench/chat/moderation.bench.ts \
 *     [--n 40] [--warmup 5] [--local-model <path or hf: URI>]
 */
import { startFakeModerationServer } from '@backtalk/testing';
import http from 'node:http';
import path from 'node:path';
import { startStandaloneApp, type StandaloneApp } from '../../src/standalone-app';
import { argValue, fmt, percentile, table } from '../lib/stats';
import { machineLine, repoRoot } from './lib';

// The AI library's paced OpenAI-compatible chat server (a bench file outside this project's sources).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPacedOpenAiServer } = require(
  path.join(repoRoot, 'services/libs/ai/bench/paced-openai-server.ts'),
) as typeof import('../../../libs/ai/bench/paced-openai-server');

const N = Number(argValue('n', '40'));
const WARMUP = Number(argValue('warmup', '5'));
const LOCAL_MODEL = argValue('local-model', path.join(repoRoot, '../shared/models/stories260K.gguf'));

interface Fan {
  app: StandaloneApp;
  token: string;
  conversationId: string;
}

async function json(url: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function adultFan(app: StandaloneApp): Promise<Fan> {
  const guest = (await json(`${app.url}/api/auth/guest`, {})) as { tokens: { accessToken: string } };
  const aged = (await json(
    `${app.url}/api/auth/age`,
    { ageBand: 'adult' },
    { authorization: `Bearer ${guest.tokens.accessToken}`, origin: app.url },
    'PUT',
  )) as { session: { accessToken: string } };
  const token = aged.session.accessToken;
  const creator = (await (await fetch(`${app.url}/api/creators/by-handle/demo.creator`)).json()) as {
    id: string;
  };
  const conversation = await json(
    `${app.url}/api/conversations`,
    { creatorId: creator.id },
    { authorization: `Bearer ${token}` },
  );
  return { app, token, conversationId: conversation.id as string };
}

/**
 * Milliseconds from the request to the first fragment with text, answered once the whole reply
 * has ended (so no reply's later checks run beside the next measurement).
 */
function firstFragmentMs(fan: Fan): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let seen = '';
    let done = false;
    let first = 0;
    const request = http.request(
      `${fan.app.url}/api/conversations/${fan.conversationId}/messages`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${fan.token}` },
      },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          seen += chunk;
          if (!done && /event: fragment\n[^\n]*\ndata: \{"text":"[^"]/.test(seen)) {
            done = true;
            first = performance.now() - started;
          }
        });
        response.on('end', () => {
          if (done) resolve(first);
          else reject(new Error(`no fragment with text: ${response.statusCode} ${seen.slice(0, 300)}`));
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ content: [{ text: 'How do you bake your sourdough?' }] }));
  });
}

/** The paced server's own time to its first content chunk, from a direct streaming request. */
function modelFirstTokenMs(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let done = false;
    const request = http.request(
      `${url}/chat/completions`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (!done && chunk.includes('"content":"')) {
            done = true;
            resolve(performance.now() - started);
          }
        });
        response.on('end', () => (done ? undefined : reject(new Error('no token'))));
      },
    );
    request.on('error', reject);
    request.end(
      JSON.stringify({ model: 'paced', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    );
  });
}

async function main(): Promise<void> {
  const paced = await startPacedOpenAiServer({ firstTokenDelayMs: 200, interTokenDelayMs: 20 });
  const moderation = await startFakeModerationServer();
  const common = {
    LLM_PROVIDER: 'openai',
    LLM_MODEL: 'paced',
    LLM_BASE_URL: paced.url,
    OPENAI_API_KEY: 'bench',
    FREE_TIER_MESSAGES: '100000',
    FREE_TIER_MESSAGES_PER_ADDRESS: '1000000',
    THROTTLE_PER_MINUTE: '100000',
  };
  const apps: Record<string, StandaloneApp> = {};
  try {
    apps.floor = await startStandaloneApp('bench-mod-floor', { ...common, MODERATION_PROVIDER: 'none' });
    apps.fake = await startStandaloneApp('bench-mod-fake', {
      ...common,
      MODERATION_PROVIDER: 'openai',
      MODERATION_BASE_URL: moderation.url,
      MODERATION_API_KEY: 'bench',
    });
    apps.local = await startStandaloneApp('bench-mod-local', {
      ...common,
      MODERATION_PROVIDER: 'local',
      MODERATION_MODEL: LOCAL_MODEL,
      MODERATION_FAILURE: 'floor-only',
      LLM_THREADS: '1',
    });
    const fans = Object.fromEntries(
      await Promise.all(
        Object.entries(apps).map(async ([name, app]) => [name, await adultFan(app)] as const),
      ),
    );
    const samples: Record<string, number[]> = { model: [], floor: [], fake: [], local: [] };
    for (let round = 0; round < WARMUP + N; round += 1) {
      const measured = round >= WARMUP;
      const model = await modelFirstTokenMs(paced.url);
      if (measured) samples.model!.push(model);
      for (const name of ['floor', 'fake', 'local']) {
        const ms = await firstFragmentMs(fans[name]!);
        if (measured) samples[name]!.push(ms);
      }
      process.stderr.write(`\rround ${round + 1}/${WARMUP + N}`);
    }
    process.stderr.write('\n');
    const p50 = (name: string) => percentile(samples[name]!, 50);
    console.log(machineLine());
    console.log(
      `${N} sends each (after ${WARMUP} warm-up rounds), interleaved; moderator inputs seen by the fake: ${moderation.inputs.length}`,
    );
    console.log(
      table(
        ['case', 'p50 ms', 'p90 ms', 'p50 added to floor-only', 'p50 over the model'],
        ['model', 'floor', 'fake', 'local'].map((name) => [
          name,
          fmt(p50(name)),
          fmt(percentile(samples[name]!, 90)),
          name === 'model' ? '' : fmt(p50(name) - p50('floor')),
          name === 'model' ? '' : fmt(p50(name) - p50('model')),
        ]),
      ),
    );
  } finally {
    for (const app of Object.values(apps)) await app.stop();
    await moderation.close();
    await paced.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
