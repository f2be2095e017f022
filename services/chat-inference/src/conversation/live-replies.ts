import { Injectable } from '@nestjs/common';
import { type ChatMessage, ChatErrorCode, fragmentId, type MessageStreamEvent } from '@backtalk/proto';

/** How long a reply's events stay attachable after its last fragment (a tab reopened just after). */
const KEPT_AFTER_END_MS = 60_000;

export type ReplyListener = (event: MessageStreamEvent) => void;

/** One reply this process generates: every event it sent, in order, and who follows it live. */
interface LiveReply {
  owner: string;
  events: MessageStreamEvent[];
  /** Fragments among `events` (the next fragment's seq). */
  fragments: number;
  listeners: Set<ReplyListener>;
  /** When the last fragment went out; null while the reply streams. */
  endedAt: number | null;
}

/** What an attach is sent now; `live` is false when the reply has ended (nothing more follows). */
export interface Replay {
  events: MessageStreamEvent[];
  live: boolean;
}

/**
 * The replies this process is generating, each with the events it has sent, so another tab or
 * device of the same fan can attach to one (docs/architecture.md, "Replies that resume anywhere"):
 * the missed events are replayed and the rest follows live, from the same ordered list, so nothing
 * is sent twice or skipped. Recording an event is an array push and a loop over the (usually
 * empty) listeners: the streaming path gains no parse, copy or timer. Ended replies stay for
 * KEPT_AFTER_END_MS and are swept when the next reply begins.
 */
@Injectable()
export class LiveReplies {
  private readonly replies = new Map<string, LiveReply>();
  /** How long an ended reply stays attachable (tests shorten it). */
  keptAfterEndMs = KEPT_AFTER_END_MS;

  /** Starts recording reply `messageId`; the returned function records and forwards each event. */
  begin(
    messageId: string,
    owner: string,
    forward: (event: MessageStreamEvent) => void,
  ): (event: MessageStreamEvent) => void {
    this.sweep(performance.now());
    const reply: LiveReply = { owner, events: [], fragments: 0, listeners: new Set(), endedAt: null };
    this.replies.set(messageId, reply);
    return (event) => {
      forward(event);
      this.record(reply, event);
    };
  }

  /**
   * The reply is over, whatever happened: a reply that never sent its last fragment (an unexpected
   * failure) ends for its listeners as the fan's own stream does, with an error.
   */
  end(messageId: string): void {
    const reply = this.replies.get(messageId);
    if (!reply || reply.endedAt !== null) return;
    this.record(reply, { type: 'error', code: ChatErrorCode.LlmUnavailable, message: '' });
    this.record(reply, {
      type: 'fragment',
      text: '',
      id: fragmentId(messageId, reply.fragments),
      stopReason: 'error',
    });
  }

  /**
   * Attaches `listener` to reply `messageId` of `owner`: null when this process has no such reply
   * (another replica generates it, or it ended long ago). `after` is the seq of the last fragment
   * the caller has; without it the reply so far comes as one `message` event (`shown`: the
   * message as stored, for its id, role and time).
   */
  attach(
    messageId: string,
    owner: string,
    after: number | undefined,
    shown: ChatMessage,
    listener: ReplyListener,
  ): { replay: Replay; detach: () => void } | null {
    const reply = this.replies.get(messageId);
    if (!reply || reply.owner !== owner) return null;
    const replay = replayOf(reply.events, after, shown, reply.endedAt === null);
    if (!replay.live) return { replay, detach: noop };
    reply.listeners.add(listener);
    return { replay, detach: () => reply.listeners.delete(listener) };
  }

  /** Replies recorded now (ended ones included until swept). */
  get size(): number {
    return this.replies.size;
  }

  private record(reply: LiveReply, event: MessageStreamEvent): void {
    if (reply.endedAt !== null) return;
    reply.events.push(event);
    if (event.type === 'fragment') {
      reply.fragments += 1;
      if (event.stopReason) reply.endedAt = performance.now();
    }
    for (const listener of reply.listeners) listener(event);
    if (reply.endedAt !== null) reply.listeners.clear();
  }

  private sweep(now: number): void {
    // Insertion order is start order: ended replies are removed until one still counts.
    for (const [id, reply] of this.replies) {
      if (reply.endedAt === null) continue;
      if (now - reply.endedAt < this.keptAfterEndMs) break;
      this.replies.delete(id);
    }
  }
}

/**
 * What an attach is sent first (pure, table-tested): with `after`, every event after the fragment
 * of that seq (all of them when the caller has none of the log's fragments yet, nothing before it
 * when `after` is past the log's end); without it, the reply so far as one `message` event —
 * fragments joined, a replacing `message` event applied, citations kept — then, once it has ended,
 * the events that close it (an error, the last fragment).
 */
export function replayOf(
  events: readonly MessageStreamEvent[],
  after: number | undefined,
  shown: ChatMessage,
  streaming: boolean,
): Replay {
  if (after !== undefined) {
    let start = events.length;
    let seq = -1;
    for (let index = 0; index < events.length; index += 1) {
      if (events[index]!.type !== 'fragment') continue;
      seq += 1;
      if (seq === after) {
        start = index + 1;
        break;
      }
    }
    // `after` beyond what was sent: the caller is ahead of this log (it cannot be); nothing replays.
    return { events: events.slice(start), live: streaming };
  }
  let message: ChatMessage = { ...shown, content: '', status: 'streaming', citations: [] };
  const closing: MessageStreamEvent[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'fragment':
        if (event.stopReason) closing.push(event);
        else message = { ...message, content: message.content + event.text };
        break;
      case 'message':
        message = { ...event.message, createdAt: shown.createdAt, status: 'streaming' };
        break;
      case 'citations':
        message = { ...message, citations: event.citations };
        break;
      case 'error':
        closing.unshift(event);
        break;
      case 'heartbeat':
        break;
    }
  }
  return { events: [{ type: 'message', message }, ...closing], live: streaming };
}

function noop(): void {
  // An ended reply has no listeners to remove.
}
