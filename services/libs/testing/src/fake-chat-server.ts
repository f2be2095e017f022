import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat completion request as the fake received it (text content only). */
export interface FakeChatRequest {
  messages: { role: string; content: string }[];
  stream: boolean;
  stop: string[];
}

export interface FakeChatServer {
  /** Base URL for an OpenAI client (LLM_BASE_URL), ending in /v1. */
  url: string;
  /** Every request, in order. */
  requests: FakeChatRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server speaking OpenAI's `POST /v1/chat/completions`, whole or streamed (chunks
 * of one word each), answering each request with `answer(request)` cut at the first of the
 * request's stop sequences, as a server would. Tests script a model with it: the persona's
 * replies and, through the same endpoint, the boundary judge's answers.
 */
export async function startFakeChatServer(
  answer: (request: FakeChatRequest) => string,
): Promise<FakeChatServer> {
  const requests: FakeChatRequest[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || !/\/chat\/completions$/.test(request.url ?? '')) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
        return;
      }
      let body: {
        stream?: boolean;
        stop?: string | string[];
        messages?: { role: string; content: unknown }[];
      };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ error: { message: 'body must be JSON', type: 'invalid_request_error' } }),
        );
        return;
      }
      const received: FakeChatRequest = {
        messages: (body.messages ?? []).map((message) => ({
          role: message.role,
          content: textOf(message.content),
        })),
        stream: body.stream === true,
        stop: typeof body.stop === 'string' ? [body.stop] : (body.stop ?? []),
      };
      requests.push(received);
      const reply = cutAtStop(answer(received), received.stop);
      if (received.stream) return stream(response, reply);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `chatcmpl-${randomUUID()}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((part) => (typeof part?.text === 'string' ? (part.text as string) : '')).join('');
  return '';
}

function cutAtStop(text: string, stop: readonly string[]): string {
  const cuts = stop.map((sequence) => text.indexOf(sequence)).filter((index) => index >= 0);
  return cuts.length > 0 ? text.slice(0, Math.min(...cuts)) : text;
}

function stream(response: http.ServerResponse, reply: string): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const id = `chatcmpl-${randomUUID()}`;
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: 'fake',
      choices: [{ index: 0, delta, finish_reason: finish }],
    })}\n\n`;
  response.write(chunk({ role: 'assistant', content: '' }, null));
  for (const word of reply.match(/\s*\S+\s*/g) ?? []) response.write(chunk({ content: word }, null));
  response.write(chunk({}, 'stop'));
  response.end('data: [DONE]\n\n');
}
