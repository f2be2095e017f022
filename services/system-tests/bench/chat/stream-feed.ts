import type { StreamFragment } from '@backtalk/proto';

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
