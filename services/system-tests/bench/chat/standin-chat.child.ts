/**
 * The stand-in chat-inference of gateway-streams.bench.ts, in a process of its own as the real
 * one is: it answers `chat.message.send` over NATS (queue group `chat-inference`) with a reply of
 * pre-built fragments at a fixed pace, as Nest packets — so what the gateway and the bare relay
 * cost is measured, not the model's or chat-inference's, and the benchmark's client (busy reading
 * thousands of streams) does not also answer the sends. Prints `@@ready` once subscribed.
 * Arguments: `--prefix <subject prefix> --fragments <n> --interval-ms <ms>`; NATS_URL or the test default.
 */
import { Subjects } from '@backtalk/proto';
import { testNatsUrl } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import { connect, type Msg } from 'nats';
import { argValue } from '../lib/stats';
import { fragmentFrames } from './stream-feed';

const prefix = argValue('prefix', '');
const fragments = Number(argValue('fragments', '30'));
const intervalMs = Number(argValue('interval-ms', '1000'));

async function main(): Promise<void> {
  if (!prefix) throw new Error('--prefix is required');
  const nats = await connect({ servers: testNatsUrl() });
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  nats.subscribe(`${prefix}${Subjects.ChatMessageSend}`, {
    queue: 'chat-inference',
    callback: (error, message: Msg) => {
      if (error) return;
      const { id } = JSON.parse(decoder.decode(message.data)) as { id: string };
      const frames = fragmentFrames(randomUUID(), fragments);
      let next = 0;
      const send = (): void => {
        const frame = frames[next++];
        if (!frame) return;
        message.respond(encoder.encode(JSON.stringify({ id, response: frame, isDisposed: false })));
        if (next === frames.length) {
          clearInterval(timer);
          message.respond(encoder.encode(JSON.stringify({ id, isDisposed: true })));
        }
      };
      const timer = setInterval(send, intervalMs);
      send();
    },
  });
  await nats.flush();
  process.stdout.write('@@ready\n');
  process.once('SIGTERM', () => void nats.drain().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
