import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** OpenAI's moderation categories the fake can flag. */
export type FakeModerationCategory =
  | 'sexual'
  | 'sexual/minors'
  | 'hate'
  | 'harassment'
  | 'self-harm'
  | 'self-harm/intent'
  | 'violence'
  | 'illicit';

const ALL_CATEGORIES: readonly FakeModerationCategory[] = [
  'sexual',
  'sexual/minors',
  'hate',
  'harassment',
  'self-harm',
  'self-harm/intent',
  'violence',
  'illicit',
];

export interface FakeModerationServer {
  /** Base URL for the `openai` moderation provider, ending in /v1. */
  url: string;
  /** Every text it was asked about, in order. */
  inputs: string[];
  /** Flags any text containing `phrase` (case-insensitive) in `category`, with score 0.99. */
  flag(phrase: string, category: FakeModerationCategory): void;
  /** Gives any text containing `phrase` this score in `category` without flagging it (a minor's threshold test). */
  score(phrase: string, category: FakeModerationCategory, value: number): void;
  /** `unavailable`: every request answered 503; `slow`: answered after `delayMs`. */
  setMode(mode: 'normal' | 'unavailable' | 'slow', delayMs?: number): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server speaking OpenAI's `POST /v1/moderations` (request `{ model, input }`,
 * answer `{ id, model, results: [{ flagged, categories, category_scores }] }`) that flags the
 * texts containing the phrases a test chose, records every input, and can be made unavailable
 * or slow. The `openai` moderation provider is tested against it, and system tests point
 * Backtalk's MODERATION_BASE_URL at it.
 */
export async function startFakeModerationServer(): Promise<FakeModerationServer> {
  const rules: { phrase: string; category: FakeModerationCategory; score: number; flagged: boolean }[] = [];
  const inputs: string[] = [];
  let mode: 'normal' | 'unavailable' | 'slow' = 'normal';
  let delay = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || !/\/moderations$/.test(request.url ?? ''))
        return reply(404, { error: { message: 'not found', type: 'invalid_request_error' } });
      if (mode === 'unavailable')
        return reply(503, { error: { message: 'overloaded', type: 'server_error' } });
      let input: unknown;
      try {
        input = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input?: unknown }).input;
      } catch {
        return reply(400, { error: { message: 'body must be JSON', type: 'invalid_request_error' } });
      }
      if (typeof input !== 'string')
        return reply(400, { error: { message: 'input must be a string', type: 'invalid_request_error' } });
      inputs.push(input);
      const folded = input.toLowerCase();
      const categories = Object.fromEntries(ALL_CATEGORIES.map((category) => [category, false]));
      const scores = Object.fromEntries(ALL_CATEGORIES.map((category) => [category, 0.001]));
      for (const rule of rules.filter((entry) => folded.includes(entry.phrase))) {
        categories[rule.category] ||= rule.flagged;
        scores[rule.category] = Math.max(scores[rule.category], rule.score);
      }
      const answer = () =>
        reply(200, {
          id: `modr-${inputs.length}`,
          model: 'omni-moderation-latest',
          results: [
            {
              flagged: Object.values(categories).some(Boolean),
              categories,
              category_scores: scores,
            },
          ],
        });
      if (mode === 'slow') setTimeout(answer, delay);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    inputs,
    flag: (phrase, category) =>
      rules.push({ phrase: phrase.toLowerCase(), category, score: 0.99, flagged: true }),
    score: (phrase, category, value) =>
      rules.push({ phrase: phrase.toLowerCase(), category, score: value, flagged: false }),
    setMode: (next, delayMs = 0) => {
      mode = next;
      delay = delayMs;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
