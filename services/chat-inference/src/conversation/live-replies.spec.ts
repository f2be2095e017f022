import type { ChatMessage, MessageStreamEvent } from '@backtalk/proto';
import { LiveReplies, replayOf } from './live-replies';
import { storedEnd } from './attach-reply.use-case';

const ID = '00000000-0000-4000-8000-000000000001';
const OWNER = '00000000-0000-4000-8000-0000000000aa';
const shown: ChatMessage = {
  id: ID,
  role: 'assistant',
  content: 'saved so f',
  createdAt: '2026-11-27T04:00:00.000Z',
  status: 'streaming',
  citations: [],
};
const fragment = (seq: number, text: string, stopReason?: 'end_turn' | 'error'): MessageStreamEvent => ({
  type: 'fragment',
  id: `${ID}#${seq}`,
  text,
  ...(stopReason ? { stopReason } : {}),
});
const citation = { postId: 'p1', date: '2026-01-01T00:00:00.000Z', url: '', caption: 'a post' };
const streaming = [fragment(0, 'Hel'), fragment(1, 'lo '), fragment(2, 'there')];
const ended: MessageStreamEvent[] = [
  ...streaming,
  { type: 'citations', messageId: ID, citations: [citation] },
  fragment(3, '', 'end_turn'),
];

describe('replayOf: what an attach is sent before it goes live', () => {
  it.each([
    ['after #0: the fragments after it', streaming, 0, true, streaming.slice(1)],
    ['after the last fragment: nothing', streaming, 2, true, []],
    ['after a seq past the log: nothing (never twice)', streaming, 9, true, []],
    ['an ended reply after #1: the rest, citations and the last fragment', ended, 1, false, ended.slice(2)],
  ])('%s', (_name, events, after, live, expected) => {
    expect(replayOf(events, after, shown, live)).toEqual({ events: expected, live });
  });

  it('without Last-Event-ID: the reply so far as one message (not the saved text), then live', () => {
    expect(replayOf(streaming, undefined, shown, true)).toEqual({
      events: [{ type: 'message', message: { ...shown, content: 'Hello there' } }],
      live: true,
    });
  });

  it('without Last-Event-ID, an ended reply: the whole message with its citations, then the last fragment', () => {
    expect(replayOf(ended, undefined, shown, false).events).toEqual([
      { type: 'message', message: { ...shown, content: 'Hello there', citations: [citation] } },
      fragment(3, '', 'end_turn'),
    ]);
  });

  it('a reply moderation replaced replays as the safe message, never the text it replaced', () => {
    const safe: ChatMessage = { ...shown, content: 'A safe message', status: 'complete', moderated: true };
    const replaced = [
      ...streaming,
      { type: 'message', message: safe } satisfies MessageStreamEvent,
      fragment(3, '', 'end_turn'),
    ];
    expect(replayOf(replaced, undefined, shown, false).events[0]).toEqual({
      type: 'message',
      message: { ...safe, status: 'streaming' },
    });
  });
});

describe('LiveReplies', () => {
  it('replays what a second tab missed and continues live: every fragment once, in order', () => {
    const replies = new LiveReplies();
    const first: MessageStreamEvent[] = [];
    const emit = replies.begin(ID, OWNER, (event) => first.push(event));
    emit(fragment(0, 'Hel'));
    emit(fragment(1, 'lo '));
    const second: MessageStreamEvent[] = [];
    const attached = replies.attach(ID, OWNER, 0, shown, (event) => second.push(event));
    second.push(...attached!.replay.events);
    emit(fragment(2, 'there'));
    emit(fragment(3, '', 'end_turn'));
    expect(second).toEqual([fragment(1, 'lo '), fragment(2, 'there'), fragment(3, '', 'end_turn')]);
    expect(first).toEqual([...streaming, fragment(3, '', 'end_turn')]);
  });

  it('another fan cannot attach, and an unknown reply is not here', () => {
    const replies = new LiveReplies();
    replies.begin(ID, OWNER, () => undefined);
    expect(replies.attach(ID, '00000000-0000-4000-8000-0000000000bb', 0, shown, () => undefined)).toBeNull();
    expect(replies.attach(OWNER, OWNER, 0, shown, () => undefined)).toBeNull();
  });

  it('a detached listener hears nothing more; a reply that ends without its last fragment ends with an error', () => {
    const replies = new LiveReplies();
    const emit = replies.begin(ID, OWNER, () => undefined);
    const heard: MessageStreamEvent[] = [];
    const other: MessageStreamEvent[] = [];
    const attached = replies.attach(ID, OWNER, undefined, shown, (event) => heard.push(event));
    replies.attach(ID, OWNER, undefined, shown, (event) => other.push(event));
    attached!.detach();
    emit(fragment(0, 'Hi'));
    replies.end(ID);
    expect(heard).toEqual([]);
    expect(other.map((event) => event.type)).toEqual(['fragment', 'error', 'fragment']);
    expect(other[2]).toMatchObject({ id: `${ID}#1`, stopReason: 'error' });
    // Ending twice changes nothing.
    replies.end(ID);
    expect(other).toHaveLength(3);
  });

  it('an ended reply stays attachable for a while, then is swept when another begins', () => {
    const replies = new LiveReplies();
    replies.keptAfterEndMs = 0;
    const emit = replies.begin(ID, OWNER, () => undefined);
    emit(fragment(0, '', 'end_turn'));
    expect(replies.attach(ID, OWNER, undefined, shown, () => undefined)?.replay.live).toBe(false);
    replies.begin('00000000-0000-4000-8000-000000000002', OWNER, () => undefined);
    expect(replies.size).toBe(1);
  });
});

describe('storedEnd: a reply that ended before the attach', () => {
  it.each([
    ['complete', 'end_turn', 4, 'end_turn', `${ID}#5`],
    ['complete', 'max_tokens', undefined, 'max_tokens', `${ID}#0`],
    ['failed', 'error', 2, 'error', `${ID}#3`],
  ] as const)('%s (%s) after %s ends with %s', (status, stored, after, stopReason, id) => {
    const message = { ...shown, status };
    expect(storedEnd(message, stored, after)).toEqual([
      { type: 'message', message },
      { type: 'fragment', text: '', id, stopReason },
    ]);
  });
});
