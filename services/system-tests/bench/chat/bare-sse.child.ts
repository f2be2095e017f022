/**
 * The baseline of gateway-streams.bench.ts: a bare `node:http` server that answers
 * `POST /stream` with the same Server-Sent Events the gateway relays — the same `event: fragment`
 * frames, ids and text, at the same pace — and nothing else (no framework, no transport, no auth).
 * It prints `@@port <n>` once listening. Arguments: `--fragments <n> --interval-ms <ms>`.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { argValue } from '../lib/stats';
import { fragmentFrames } from './stream-feed';

const fragments = Number(argValue('fragments', '30'));
const intervalMs = Number(argValue('interval-ms', '1000'));

const server = http.createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/stream') {
    response.writeHead(404).end();
    return;
  }
  request.resume();
  request.on('end', () => {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
    });
    const frames = fragmentFrames(randomUUID(), fragments);
    let next = 0;
    const send = (): void => {
      const frame = frames[next++];
      if (!frame) return;
      const { type: _type, ...data } = frame;
      response.write(`event: fragment\nid: ${frame.id}\ndata: ${JSON.stringify(data)}\n\n`);
      if (next === frames.length) {
        clearInterval(timer);
        response.end();
      }
    };
    const timer = setInterval(send, intervalMs);
    send();
    response.on('close', () => clearInterval(timer));
  });
});
server.keepAliveTimeout = 0;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`@@port ${(server.address() as AddressInfo).port}\n`);
});
