import type { ChatMessage } from '../../api';
import { attachCitations, mergeFragment, messageIdOf, replaceMessage } from './merge-fragment';

const NOW = '2025-01-01T00:00:00.000Z';
const user: ChatMessage = {
  id: 'u1',
  role: 'user',
  content: 'hi',
  createdAt: NOW,
  status: 'complete',
  citations: [],
};

describe('messageIdOf', () => {
  it('is the part of the fragment id before #', () => {
    expect(messageIdOf('m-42#7')).toBe('m-42');
    expect(messageIdOf('m-42')).toBe('m-42');
    expect(messageIdOf('m#1#2')).toBe('m');
  });
});

describe('mergeFragment', () => {
  it('starts an assistant message for a new message id', () => {
    const next = mergeFragment([user], { id: 'a1#0', text: 'Hel' }, NOW);
    expect(next).toEqual([
      user,
      { id: 'a1', role: 'assistant', content: 'Hel', createdAt: NOW, status: 'streaming', citations: [] },
    ]);
  });

  it('appends fragments with the same message id to one message', () => {
    let messages = mergeFragment([user], { id: 'a1#0', text: 'Hel' }, NOW);
    messages = mergeFragment(messages, { id: 'a1#1', text: 'lo ' }, NOW);
    messages = mergeFragment(messages, { id: 'a1#2', text: 'there', stopReason: 'end_turn' }, NOW);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ id: 'a1', content: 'Hello there', status: 'complete' });
  });

  it('keeps replies with different message ids apart', () => {
    let messages = mergeFragment([], { id: 'a1#0', text: 'one' }, NOW);
    messages = mergeFragment(messages, { id: 'a2#0', text: 'two' }, NOW);
    expect(messages.map((m) => [m.id, m.content])).toEqual([
      ['a1', 'one'],
      ['a2', 'two'],
    ]);
  });

  it("marks a message failed on stopReason 'error'", () => {
    const messages = mergeFragment([], { id: 'a1#0', text: '', stopReason: 'error' }, NOW);
    expect(messages[0].status).toBe('failed');
  });

  it('does not mutate its input', () => {
    const before = mergeFragment([], { id: 'a1#0', text: 'a' }, NOW);
    const snapshot = JSON.stringify(before);
    mergeFragment(before, { id: 'a1#1', text: 'b' }, NOW);
    expect(JSON.stringify(before)).toBe(snapshot);
  });
});

describe('attachCitations', () => {
  const citation = {
    postId: 'p1',
    date: '2024-05-01T00:00:00.000Z',
    url: 'https://example.com/p1',
    caption: 'Pasta',
  };

  it('sets the citations of the named message', () => {
    const messages = mergeFragment([user], { id: 'a1#0', text: 'x' }, NOW);
    expect(attachCitations(messages, { messageId: 'a1', citations: [citation] })?.[1].citations).toEqual([
      citation,
    ]);
  });

  it('returns null when the message is not there yet', () => {
    expect(attachCitations([user], { messageId: 'a9', citations: [citation] })).toBeNull();
  });
});

describe('replaceMessage', () => {
  const reply: ChatMessage = {
    ...user,
    id: 'a1',
    role: 'assistant',
    content: 'Sure thing!',
    status: 'streaming',
  };
  const later = '2030-01-01T00:00:00.000Z';

  it('replaces what was shown of a reply moderation replaced, keeping its place and time', () => {
    const safe: ChatMessage = {
      ...reply,
      content: 'Safe.',
      status: 'complete',
      moderated: true,
      createdAt: later,
    };
    expect(replaceMessage([user, reply], safe)).toEqual([user, { ...safe, createdAt: NOW }]);
  });

  it('appends a notice and marks the fan message it answers as held back', () => {
    const notice: ChatMessage = {
      ...reply,
      id: 'n1',
      content: "I can't talk about that here.",
      kind: 'safety-notice',
    };
    expect(replaceMessage([user], notice)).toEqual([{ ...user, moderated: true }, notice]);
  });

  it('leaves the fan message alone for a whole message that is the persona’s own', () => {
    expect(replaceMessage([user], reply)).toEqual([user, reply]);
  });
});
