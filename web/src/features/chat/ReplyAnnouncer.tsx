import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '../../api';
import { useChatStore } from './chat.store';

/**
 * The newest reply that finished since the chat opened and has not been announced yet, or null.
 * A reply is announced once it is whole (never fragment by fragment); what was already on screen
 * when the history loaded is not read out again. `announced` holds the ids read out (or skipped).
 */
export function replyToAnnounce(messages: ChatMessage[], announced: ReadonlySet<string>): ChatMessage | null {
  const last = messages.filter((message) => message.role !== 'user').at(-1);
  if (!last || last.status === 'streaming' || last.content.trim() === '') return null;
  return announced.has(last.id) ? null : last;
}

/**
 * A polite live region for screen readers (docs/architecture.md, "Accessibility"): each finished
 * reply of the persona, a notice or an in-person reply is read out once as "{name}: {text}". The
 * conversation log itself is not live, so the words streaming in are not read out one by one.
 */
export function ReplyAnnouncer({ creatorName }: { creatorName: string }) {
  const messages = useChatStore((state) => state.messages);
  const historyReady = useChatStore((state) => state.historyStatus === 'ready');
  const announced = useRef<Set<string> | null>(null);
  const [text, setText] = useState('');

  useEffect(() => {
    if (!historyReady) {
      // Another chat (or the same one reloading): its history is not read out either.
      announced.current = null;
      return;
    }
    if (announced.current === null) {
      // The history the fan opened is on screen already: only replies finished from now on are read.
      announced.current = new Set(messages.filter((m) => m.status !== 'streaming').map((m) => m.id));
      return;
    }
    const reply = replyToAnnounce(messages, announced.current);
    if (!reply) return;
    announced.current.add(reply.id);
    setText(`${creatorName}: ${reply.content.trim()}`);
  }, [creatorName, historyReady, messages]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
