/**
 * The second baseline of gateway-streams.bench.ts: the least any gateway that asks chat-inference
 * over NATS can do. A bare `node:http` server that, for each `POST /stream`, publishes one
 * `chat.message.send` request to the same stand-in the gateway is fed by (one shared reply
 * subscription, as the kit's client keeps) and writes each reply packet's fragment as an SSE frame
 * — no framework, no auth, no validation, no logs. The gap between it and the bare SSE server is
 * the hop itself (a broker and a second process on the same 2 cores); the gap between the gateway
 * and it is the gateway's own work. Prints `@@port <n>` once listening.
 * Arguments: `--prefix <subject prefix>`; NATS_URL or the test default.
 */
import { type StreamFragment, Subjects } from '@backtalk/proto';
import { testNatsUrl } from '@backtalk/testing';
import { randomUUID } from 'node:crypto';
import { connect, createInbox, type Msg } from 'nats';
import { argValue } from '../lib/stats';
import { fragmentEvent, serveStreams } from './stream-feed';

interface ReplyPacket {
  response?: StreamFragment;
  isDisposed?: boolean;
}

const prefix = argValue('prefix', '');

async function main(): Promise<void> {
  if (!prefix) throw new Error('--prefix is required');
  const nats = await connect({ servers: testNatsUrl() });
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const inbox = `${createInbox()}.`;
  const waiting = new Map<string, (packet: ReplyPacket) => void>();
  nats.subscribe(`${inbox}*`, {
    callback: (error, message: Msg) => {
      if (error) return;
      waiting.get(message.subject)?.(JSON.parse(decoder.decode(message.data)) as ReplyPacket);
    },
  });
  const subject = `${prefix}${Subjects.ChatMessageSend}`;
  serveStreams((response, begin) => {
    const id = randomUUID();
    const reply = `${inbox}${id}`;
    let open = false;
    waiting.set(reply, (packet) => {
      if (!open) {
        open = true;
        begin();
      }
      if (packet.response) response.write(fragmentEvent(packet.response));
      if (packet.isDisposed) {
        waiting.delete(reply);
        response.end();
      }
    });
    response.on('close', () => waiting.delete(reply));
    nats.publish(
      subject,
      encoder.encode(JSON.stringify({ pattern: Subjects.ChatMessageSend, data: {}, id })),
      {
        reply,
      },
    );
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
