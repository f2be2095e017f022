import type { StreamFragment } from '@backtalk/proto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The fragments of one reply in gateway-streams.bench.ts, the same for the gateway (sent by a
 * stand-in chat-inference over NATS) and for the bare SSE server: `count` words, then the closing
 * fragment with its stop reason, ids `<messageId>#<seq>` as chat-inference numbers them.
 */
export function fragmentFrames(messageId: string, count: number): StreamFragment[] {
  const frames: StreamFragment[] = Array.from({ length: count }, (_, seq) => ({
    type: 'fragment',
    text: `w${seq} `,
    id: `${messageId}#${seq}`,
  }));
  frames.push({ type: 'fragment', text: '', id: `${messageId}#${count}`, stopReason: 'end_turn' });
  return frames;
}

/** The text a reply of `count` fragments adds up to. */
export function expectedText(count: number): string {
  return Array.from({ length: count }, (_, seq) => `w${seq} `).join('');
}

/** The headers both bare servers answer a stream with. */
const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
};

/** One fragment as the `event: fragment` frame the gateway writes (its data without `type`). */
export function fragmentEvent(frame: StreamFragment): string {
  const { type: _type, ...data } = frame;
  return `event: fragment\nid: ${frame.id}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The bare servers' node:http part: each `POST /stream`, once its body is read, is handed to
 * `onStream` with a function that answers 200 as an event stream; anything else is a 404. Prints
 * `@@port <n>` once listening (gateway-streams.bench.ts waits for it).
 */
export function serveStreams(onStream: (response: http.ServerResponse, begin: () => void) => void): void {
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/stream') {
      response.writeHead(404).end();
      return;
    }
    request.resume();
    request.on('end', () => onStream(response, () => response.writeHead(200, EVENT_STREAM_HEADERS)));
  });
  server.keepAliveTimeout = 0;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`@@port ${(server.address() as AddressInfo).port}\n`);
  });
}
