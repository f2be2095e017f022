import { contracts, ErrorCode, Subjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { baseConfigSchema } from '../config/config.schema';
import { loadConfig } from '../config/load-config';
import { InProcessBus } from './in-process.bus';
import { InProcessClient } from './in-process.client';
import { ServiceClient } from './service-client';
import { isPlainFragment } from './stream-value-check';

const reply = contracts[Subjects.ChatMessageSend].reply;
const id = `${randomUUID()}#3`;

/** Values the quick check sees; where it says yes, the schema must accept the value unchanged. */
const values: [name: string, value: unknown, plain: boolean][] = [
  ['a plain fragment', { type: 'fragment', text: 'Hi', id }, true],
  ['an empty text', { type: 'fragment', text: '', id }, true],
  ['the last fragment (stopReason)', { type: 'fragment', text: '', id, stopReason: 'end_turn' }, false],
  ['a text that is a number', { type: 'fragment', text: 3, id }, false],
  ['no text', { type: 'fragment', id, other: 'x' }, false],
  ['an id without a seq', { type: 'fragment', text: 'Hi', id: randomUUID() }, false],
  ['an id that is not a message id', { type: 'fragment', text: 'Hi', id: 'abc#1' }, false],
  ['an extra field', { type: 'fragment', text: 'Hi', id, extra: 1 }, false],
  ['a heartbeat', { type: 'heartbeat' }, false],
  ['an error event', { type: 'error', code: 'X', message: 'y' }, false],
  ['null', null, false],
  ['a string', 'fragment', false],
];

describe('isPlainFragment', () => {
  it.each(values)('%s', (_name, value, plain) => {
    expect(isPlainFragment(value)).toBe(plain);
    if (plain) expect(reply.parse(value)).toEqual(value);
  });
});

describe('a reply stream checked on its first and last value', () => {
  let bus: InProcessBus;
  let client: ServiceClient;

  beforeEach(() => {
    bus = new InProcessBus();
    const config = loadConfig(baseConfigSchema, { REQUEST_TIMEOUT_MS: '500' });
    client = new ServiceClient(new InProcessClient(bus), config, `kit-test-${randomUUID()}`);
  });

  const send = (packets: object[]) => {
    bus.subscribe(Subjects.ChatMessageSend, (message) => {
      const { id: packetId } = JSON.parse(message.data) as { id: string };
      for (const packet of packets) message.respond?.(JSON.stringify({ ...packet, id: packetId }));
    });
    const seen: string[] = [];
    const ended = new Promise<void>((resolve) => {
      client.open(
        Subjects.ChatMessageSend,
        {
          actor: { userId: randomUUID(), userType: 'guest', groups: [] },
          conversationId: randomUUID(),
          content: [{ text: 'hi' }],
          aiContext: {},
        } as never,
        {
          next: (event) => seen.push(event.type === 'fragment' ? `fragment ${event.text}` : event.type),
          error: (error) => {
            seen.push(`error ${error.code}: ${error.message}`);
            resolve();
          },
          complete: () => {
            seen.push('complete');
            resolve();
          },
        },
      );
    });
    return ended.then(() => seen);
  };

  it('delivers plain fragments between the first and the last', async () => {
    expect(
      await send([
        { response: { type: 'heartbeat' } },
        { response: { type: 'fragment', text: 'a', id } },
        { response: { type: 'fragment', text: 'b', id } },
        { response: { type: 'fragment', text: '', id, stopReason: 'end_turn' }, isDisposed: true },
      ]),
    ).toEqual(['heartbeat', 'fragment a', 'fragment b', 'fragment ', 'complete']);
  });

  it('fails clearly on a malformed fragment in the middle of the stream', async () => {
    const seen = await send([
      { response: { type: 'fragment', text: 'a', id } },
      { response: { type: 'fragment', text: 42, id } },
      { response: { type: 'fragment', text: 'c', id } },
      { response: { type: 'fragment', text: '', id, stopReason: 'end_turn' }, isDisposed: true },
    ]);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe('fragment a');
    expect(seen[1]).toMatch(
      new RegExp(
        `^error ${ErrorCode.Internal}: chat-inference sent an invalid reply to chat-inference.message.send: .*text`,
      ),
    );
  });

  it('fails on a malformed last value too', async () => {
    const seen = await send([
      { response: { type: 'fragment', text: 'a', id } },
      { response: { type: 'fragment', text: '', id, stopReason: 'done' }, isDisposed: true },
    ]);
    expect(seen[1]).toMatch(/^error .*invalid reply.*stopReason/);
  });
});
