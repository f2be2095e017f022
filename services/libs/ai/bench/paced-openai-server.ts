import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible chat server for benchmarks: it answers every request
 * with the same reply at a fixed pace (first-token delay, then one token per
 * inter-token delay), so end-to-end latency measurements of Backtalk measure
 * Backtalk and not a model. Speaks POST /v1/chat/completions (SSE streaming in
 * OpenAI's chunk format, or one JSON body) and GET /v1/models.
 */
export interface PacedOpenAiServerOptions {
  reply?: string;
  /** Delay before the first token (time to first token). Default 200 ms. */
  firstTokenDelayMs?: number;
  /** Delay between tokens. Default 20 ms. */
  interTokenDelayMs?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Model id reported back. Default "paced". */
  model?: string;
  /** Answer this many chat requests with 503 first (a provider's passing outage). Default 0. */
  failFirst?: number;
}

interface PacedOpenAiServerStats {
  requests: number;
  streamed: number;
  completed: number;
  /** Chat requests answered 503 (`failFirst`). */
  failed: number;
  /** Streams the client closed before the end. */
  abandoned: number;
}

export interface PacedOpenAiServer {
  /** Base URL to give an OpenAI client, ending in /v1. */
  url: string;
  port: number;
  stats: PacedOpenAiServerStats;
  close(): Promise<void>;
}

export const DEFAULT_PACED_REPLY =
  'Thanks for asking! I made that sourdough with a starter I fed twice a day for a week, and the secret is a long, cold proof overnight.';

/** Splits text into word-sized tokens that keep their leading space, as BPE tokenizers roughly do. */
export function splitIntoTokens(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

interface ChatRequest {
  model?: string;
  stream?: boolean;
  max_tokens?: number;
  max_completion_tokens?: number;
  stream_options?: { include_usage?: boolean };
  messages?: Array<{ content?: unknown }>;
}

export async function startPacedOpenAiServer(
  options: PacedOpenAiServerOptions = {},
): Promise<PacedOpenAiServer> {
  const reply = options.reply ?? DEFAULT_PACED_REPLY;
  const tokens = splitIntoTokens(reply);
  const firstDelay = options.firstTokenDelayMs ?? 200;
  const interDelay = options.interTokenDelayMs ?? 20;
  const modelId = options.model ?? 'paced';
  const stats: PacedOpenAiServerStats = { requests: 0, streamed: 0, completed: 0, failed: 0, abandoned: 0 };
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer((req, res) => {
    stats.requests++;
    if (req.method === 'GET' && (req.url === '/v1/models' || req.url === '/models')) {
      return json(res, 200, {
        object: 'list',
        data: [{ id: modelId, object: 'model', created: 0, owned_by: 'backtalk-bench' }],
      });
    }
    if (req.method !== 'POST' || !/^\/(v1\/)?chat\/completions$/.test(req.url ?? '')) {
      return json(res, 404, {
        error: { message: `No route ${req.method} ${req.url}`, type: 'invalid_request_error' },
      });
    }
    if (stats.failed < (options.failFirst ?? 0)) {
      stats.failed++;
      return json(res, 503, { error: { message: 'The model is overloaded.', type: 'server_error' } });
    }
    readJson(req)
      .then((body) => {
        const limit = body.max_completion_tokens ?? body.max_tokens;
        const emitted =
          limit !== undefined && limit < tokens.length ? tokens.slice(0, Math.max(0, limit)) : tokens;
        const finishReason = emitted.length < tokens.length ? 'length' : 'stop';
        const usage = {
          prompt_tokens: promptTokens(body),
          completion_tokens: emitted.length,
          total_tokens: promptTokens(body) + emitted.length,
        };
        const base = {
          id: `chatcmpl-${randomUUID()}`,
          created: Math.floor(Date.now() / 1000),
          model: body.model ?? modelId,
        };
        if (body.stream)
          stream(res, base, emitted, finishReason, body.stream_options?.include_usage ? usage : undefined);
        else
          setTimeout(
            () => {
              stats.completed++;
              json(res, 200, {
                ...base,
                object: 'chat.completion',
                choices: [
                  {
                    index: 0,
                    message: { role: 'assistant', content: emitted.join('') },
                    finish_reason: finishReason,
                    logprobs: null,
                  },
                ],
                usage,
              });
            },
            firstDelay + interDelay * Math.max(0, emitted.length - 1),
          );
      })
      .catch(() =>
        json(res, 400, { error: { message: 'Request body must be JSON', type: 'invalid_request_error' } }),
      );
  });

  function stream(
    res: http.ServerResponse,
    base: { id: string; created: number; model: string },
    emitted: string[],
    finishReason: string,
    usage?: Record<string, number>,
  ): void {
    stats.streamed++;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      send({
        ...base,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      });
    let index = 0;
    let timer: NodeJS.Timeout | undefined;
    let finished = false;
    res.on('close', () => {
      clearTimeout(timer);
      if (!finished) stats.abandoned++;
    });
    const next = () => {
      if (index < emitted.length) {
        chunk(index === 0 ? { role: 'assistant', content: emitted[index] } : { content: emitted[index] });
        index++;
        timer = setTimeout(next, interDelay);
        return;
      }
      chunk({}, finishReason);
      if (usage) send({ ...base, object: 'chat.completion.chunk', choices: [], usage });
      res.write('data: [DONE]\n\n');
      finished = true;
      stats.completed++;
      res.end();
    };
    timer = setTimeout(next, firstDelay);
  }

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/v1`,
    port,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function readJson(req: http.IncomingMessage): Promise<ChatRequest> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('error', reject);
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as ChatRequest);
      } catch (error) {
        reject(error);
      }
    });
  });
}

function promptTokens(body: ChatRequest): number {
  const text = (body.messages ?? [])
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? '')))
    .join(' ');
  return Math.ceil(text.length / 4);
}

/** `node -r <ts loader> paced-openai-server.ts --port 8090 --first-token-ms 300 --inter-token-ms 25 [--reply "..."]` */
if (require.main === module) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const number = (name: string) => (arg(name) === undefined ? undefined : Number(arg(name)));
  startPacedOpenAiServer({
    port: number('port') ?? 8090,
    host: arg('host'),
    firstTokenDelayMs: number('first-token-ms'),
    interTokenDelayMs: number('inter-token-ms'),
    reply: arg('reply'),
  }).then(
    (server) => {
      console.log(`paced OpenAI-compatible server at ${server.url}`);
      const stop = () => void server.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
