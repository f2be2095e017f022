// Assembling streamed assistant replies (spec §3 "Stream event", §4 "Chat").
import type { ChatMessage, Citation, CitationsEvent, StreamFragment } from '../../api';

/** The message a fragment belongs to: the part of its id before '#'. */
export function messageIdOf(fragmentId: string): string {
  const hash = fragmentId.indexOf('#');
  return hash === -1 ? fragmentId : fragmentId.slice(0, hash);
}

/** Appends a fragment to its assistant message, starting a new message for an id not seen yet. */
export function mergeFragment(
  messages: ChatMessage[],
  fragment: StreamFragment,
  now: string = new Date().toISOString(),
): ChatMessage[] {
  const id = messageIdOf(fragment.id);
  const text = typeof fragment.text === 'string' ? fragment.text : '';
  const status: ChatMessage['status'] = fragment.stopReason
    ? fragment.stopReason === 'error'
      ? 'failed'
      : 'complete'
    : 'streaming';
  const index = findLastIndex(messages, (message) => message.role === 'assistant' && message.id === id);
  if (index === -1) {
    return [...messages, { id, role: 'assistant', content: text, createdAt: now, status, citations: [] }];
  }
  const next = messages.slice();
  next[index] = { ...messages[index], content: messages[index].content + text, status };
  return next;
}

/**
 * Puts a whole message in place of the one with its id — what was shown of a replaced reply goes
 * (docs/safety.md) — or appends it (a notice, marking the fan's message it answers as held back);
 * the copy on screen keeps its place and time.
 */
export function replaceMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const index = findLastIndex(messages, (shown) => shown.id === message.id);
  const whole = { ...message, citations: normaliseCitations(message.citations) };
  const next = messages.slice();
  if (index === -1) {
    // A notice answers the fan's last message, which moderation held back from the persona.
    const asked = findLastIndex(next, (shown) => shown.role === 'user');
    if (message.kind && message.kind !== 'message' && asked !== -1)
      next[asked] = { ...next[asked], moderated: true };
    return [...next, whole];
  }
  next[index] = { ...whole, createdAt: messages[index].createdAt };
  return next;
}

/** Sets the citations of a message; returns null when that message is not (yet) in the list. */
export function attachCitations(messages: ChatMessage[], event: CitationsEvent): ChatMessage[] | null {
  const index = findLastIndex(messages, (message) => message.id === event.messageId);
  if (index === -1) return null;
  const next = messages.slice();
  next[index] = { ...messages[index], citations: normaliseCitations(event.citations) };
  return next;
}

export function normaliseCitations(citations: Citation[] | undefined): Citation[] {
  return Array.isArray(citations)
    ? citations.filter((citation) => citation && typeof citation.url === 'string')
    : [];
}

function findLastIndex<T>(items: T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (predicate(items[i])) return i;
  return -1;
}
