/**
 * Runs the AI library's paced OpenAI-compatible server (services/libs/ai/bench/paced-openai-server.ts,
 * unchanged) in a process of its own, driven by its parent over IPC, and
 * reports, for every POST /v1/chat/completions, the server's own time to first
 * token: from the request event (headers parsed) to the first write of a
 * chunk carrying content. The request is named by the last `[bench:<tag>]`
 * in its body (the fan's current message is the last message of the prompt).
 *
 * Started by fan-chat.bench.ts with child_process.fork and
 * `-r services/libs/testing/swc-register.cjs`. Messages in:
 *   { cmd: 'start', firstTokenDelayMs, interTokenDelayMs, reply?, port? }  → { type: 'started', url, port }
 *   { cmd: 'stop' }                                                        → { type: 'stopped', stats }
 *   { cmd: 'cpu' }                                                         → { type: 'cpu', usage }
 * Messages out, unasked: { type: 'timing', tag, ttftMs, arrivedAtMs }, and { type: 'sentence', tag, ms } when the
 * reply's text first holds a sentence's end (. ! ?): before then the chat's moderation shows the fan
 * nothing (docs/safety.md), so the model's own time to that point is the platform's floor.
 */
import http from 'node:http';
import path from 'node:path';

/** The parts of the AI library's bench/paced-openai-server.ts used here. */
interface PacedOpenAiServerOptions {
  reply?: string;
  firstTokenDelayMs?: number;
  interTokenDelayMs?: number;
  host?: string;
  port?: number;
}
interface PacedOpenAiServer {
  url: string;
  port: number;
  stats: Record<string, number>;
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const send = (message: unknown): void => {
  process.send?.(message);
};

// Wrap every server the paced module creates, so each request is timed at the server.
const createServer = http.createServer.bind(http) as (handler: Handler) => http.Server;
(http as unknown as { createServer: (handler: Handler) => http.Server }).createServer = (handler: Handler) =>
  createServer((req, res) => {
    if (req.method !== 'POST' || !/chat\/completions$/.test(req.url ?? '')) return handler(req, res);
    const arrived = performance.now();
    const body: Buffer[] = [];
    req.on('data', (part: Buffer) => body.push(part));
    const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
    let timed = false;
    let sentenceTimed = false;
    // Read from the body once, at the first content chunk (the request is whole by then).
    let tagged: string | null | undefined;
    const tag = (): string | null =>
      (tagged ??=
        [
          ...Buffer.concat(body)
            .toString('utf8')
            .matchAll(/\[bench:([A-Za-z0-9_-]+)\]/g),
        ].at(-1)?.[1] ?? null);
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' && chunk.includes('"content"')) {
        if (!timed) {
          timed = true;
          // arrivedAtMs: the wall clock of the request's arrival, for the bench to split its overhead.
          send({
            type: 'timing',
            tag: tag(),
            ttftMs: performance.now() - arrived,
            arrivedAtMs: performance.timeOrigin + arrived,
          });
        }
        if (!sentenceTimed && /"content":"[^"]*[.!?]/.test(chunk)) {
          sentenceTimed = true;
          send({ type: 'sentence', tag: tag(), ms: performance.now() - arrived });
        }
      }
      return write(chunk, ...rest);
    }) as typeof res.write;
    handler(req, res);
  });

// A benchmark tool of chat-inference, loaded by path like a script it would spawn (not a package
// import), and only after the hook above is in place.
const pacedServerFile = path.resolve(__dirname, '../../../libs/ai/bench/paced-openai-server.ts');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const { startPacedOpenAiServer } = require(pacedServerFile) as {
  startPacedOpenAiServer(options: PacedOpenAiServerOptions): Promise<PacedOpenAiServer>;
};

let server: PacedOpenAiServer | undefined;

process.on('message', (message: { cmd: string } & PacedOpenAiServerOptions) => {
  void (async () => {
    if (message.cmd === 'start') {
      if (server) await server.close();
      server = await startPacedOpenAiServer(message);
      send({ type: 'started', url: server.url, port: server.port });
    } else if (message.cmd === 'stop') {
      const stats = server?.stats;
      await server?.close();
      server = undefined;
      send({ type: 'stopped', stats });
    } else if (message.cmd === 'cpu') {
      send({ type: 'cpu', usage: process.cpuUsage() });
    } else if (message.cmd === 'exit') {
      await server?.close();
      process.exit(0);
    }
  })().catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.stack : String(error) });
  });
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
