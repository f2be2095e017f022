/**
 * The baseline of gateway-streams.bench.ts: a bare `node:http` server that answers
 * `POST /stream` with the same Server-Sent Events the gateway relays — the same `event: fragment`
 * frames, ids and text, at the same pace — and nothing else (no framework, no transport, no auth).
 * It prints `@@port <n>` once listening. Arguments: `--fragments <n> --interval-ms <ms>`.
 */
import { randomUUID } from 'node:crypto';
import { argValue } from '../lib/stats';
import { fragmentEvent, fragmentFrames, serveStreams } from './stream-feed';

const fragments = Number(argValue('fragments', '30'));
const intervalMs = Number(argValue('interval-ms', '1000'));

serveStreams((response, begin) => {
  begin();
  const frames = fragmentFrames(randomUUID(), fragments);
  let next = 0;
  const send = (): void => {
    const frame = frames[next++];
    if (!frame) return;
    response.write(fragmentEvent(frame));
    if (next === frames.length) {
      clearInterval(timer);
      response.end();
    }
  };
  const timer = setInterval(send, intervalMs);
  send();
  response.on('close', () => clearInterval(timer));
});
