import { Injectable, Logger } from '@nestjs/common';
import { type ConversationEvent, REPLY_HEARTBEAT_MS } from '@backtalk/proto';
import { Observable } from 'rxjs';
import { InboxRepository } from './inbox.repository';

/**
 * How long one watch lasts before it completes and the gateway opens the next: a watch whose
 * browser left (the kit's NATS call has no cancel for the serving side) is held at most this long.
 */
const WATCH_MS = 60_000;
/** A watch refreshes its row this often, well within WATCH_FRESH_MS. */
const TOUCH_EVERY_HEARTBEATS = 3;

type Watcher = (event: ConversationEvent) => void;

/**
 * The fans' open chats this process holds (their event streams), by conversation: the
 * `chat-inference.conversation.updated` event, taken by every replica, is handed to the watchers of
 * its conversation here. Each watch also keeps a row (InboxRepository) so any replica can tell
 * whether the fan is online.
 */
@Injectable()
export class ConversationWatchers {
  private readonly logger = new Logger(ConversationWatchers.name);
  private readonly byConversation = new Map<string, Set<Watcher>>();

  constructor(private readonly repository: InboxRepository) {}

  /**
   * Heartbeats every REPLY_HEARTBEAT_MS and the conversation's events, completing after `lastsMs`.
   * Only the fan's own watch says their chat is open (`byFan`); the creator's inbox thread does not.
   */
  watch(conversationId: string, byFan = true, lastsMs = WATCH_MS): Observable<ConversationEvent> {
    return new Observable<ConversationEvent>((subscriber) => {
      const watcher: Watcher = (event) => subscriber.next(event);
      const watchers = this.byConversation.get(conversationId) ?? new Set<Watcher>();
      watchers.add(watcher);
      this.byConversation.set(conversationId, watchers);
      const row = byFan
        ? this.repository.addWatch(conversationId, new Date()).catch((error: unknown) => {
            this.logger.warn(`Could not record an open chat: ${String(error)}`);
            return null;
          })
        : Promise.resolve(null);
      let beats = 0;
      const heartbeat = setInterval(() => {
        subscriber.next({ type: 'heartbeat' });
        if (++beats % TOUCH_EVERY_HEARTBEATS === 0)
          void row
            .then((id) => (id ? this.repository.touchWatches([id], new Date()) : undefined))
            .catch(() => {});
      }, REPLY_HEARTBEAT_MS);
      const end = setTimeout(() => subscriber.complete(), lastsMs);
      subscriber.next({ type: 'heartbeat' });
      return () => {
        clearInterval(heartbeat);
        clearTimeout(end);
        watchers.delete(watcher);
        if (watchers.size === 0) this.byConversation.delete(conversationId);
        void row.then((id) => (id ? this.repository.removeWatch(id) : undefined)).catch(() => {});
      };
    });
  }

  /** Hands an event to every watcher of the conversation held here. */
  deliver(conversationId: string, event: ConversationEvent): void {
    for (const watcher of this.byConversation.get(conversationId) ?? []) watcher(event);
  }
}
