// Client state of the open chat: the assembled messages, the draft, send/typing flags, the
// visible error and the subscription (rate-limit) notice.
import { create } from 'zustand';
import type { ChatMessage, Citation, CitationsEvent, StreamFragment } from '../../api';
import {
  attachCitations,
  mergeFragment,
  messageIdOf,
  normaliseCitations,
  replaceMessage,
} from './merge-fragment';

type HistoryStatus = 'idle' | 'loading' | 'ready' | 'error';

interface LimitNotice {
  /** When the user may send again (ISO), if the server said. */
  nextAvailableTime: string | null;
}

interface ChatState {
  conversationId: string | null;
  messages: ChatMessage[];
  historyStatus: HistoryStatus;
  draft: string;
  /** A send is in progress (from the rate-limit check to the end of the stream). */
  isSending: boolean;
  /** The fan sent before the conversation was open: the draft goes out as soon as it is. */
  sendQueued: boolean;
  /** The assistant is replying: from the send until a fragment with a stopReason (or an error). */
  isTyping: boolean;
  error: string | null;
  /** Open subscription modal, or null. */
  limitNotice: LimitNotice | null;
  /** Citations that arrived before their message. */
  pendingCitations: Record<string, Citation[]>;

  reset(): void;
  setDraft(draft: string): void;
  setConversation(conversationId: string): void;
  setHistoryStatus(status: HistoryStatus): void;
  /** The loaded history (oldest first): replaces the previous one, keeps messages sent since. */
  setHistory(messages: ChatMessage[]): void;
  setSending(sending: boolean): void;
  setSendQueued(queued: boolean): void;
  setTyping(typing: boolean): void;
  addUserMessage(text: string): string;
  removeMessage(id: string): void;
  applyFragment(fragment: StreamFragment): void;
  applyCitations(event: CitationsEvent): void;
  /** A whole message from the stream (a safety notice, a crisis card, a replaced reply): replaces its id's copy. */
  applyMessage(message: ChatMessage): void;
  showError(message: string | null): void;
  openLimitNotice(nextAvailableTime: string | null): void;
  closeLimitNotice(): void;
}

const initialState = {
  conversationId: null,
  messages: [],
  historyStatus: 'idle' as HistoryStatus,
  draft: '',
  isSending: false,
  sendQueued: false,
  isTyping: false,
  error: null,
  limitNotice: null,
  pendingCitations: {},
};

let localIds = 0;

/** A message the fan sent from this page (it has a local id until the history is reloaded). */
export const isSentHere = (message: ChatMessage): boolean =>
  message.role === 'user' && message.id.startsWith('local-');

export const useChatStore = create<ChatState>()((set, get) => ({
  ...initialState,

  reset: () => set({ ...initialState }),
  setDraft: (draft) => set({ draft }),
  setConversation: (conversationId) => set({ conversationId }),
  setHistoryStatus: (historyStatus) => set({ historyStatus }),
  setHistory: (history) =>
    set((state) => {
      // Keep anything sent while the history was loading.
      const known = new Set(history.map((message) => message.id));
      const history_ = history.map((message) => ({
        ...message,
        citations: normaliseCitations(message.citations),
      }));
      return {
        messages: [...history_, ...state.messages.filter((m) => !known.has(m.id))],
        historyStatus: 'ready',
      };
    }),
  setSending: (isSending) => set({ isSending }),
  setSendQueued: (sendQueued) => set({ sendQueued }),
  setTyping: (isTyping) => set({ isTyping }),

  addUserMessage: (text) => {
    localIds += 1;
    const id = `local-${localIds}`;
    const message: ChatMessage = {
      id,
      role: 'user',
      content: text,
      createdAt: new Date().toISOString(),
      status: 'complete',
      citations: [],
    };
    set((state) => ({ messages: [...state.messages, message] }));
    return id;
  },

  removeMessage: (id) =>
    set((state) => ({ messages: state.messages.filter((message) => message.id !== id) })),

  applyFragment: (fragment) => {
    const { messages, pendingCitations } = get();
    let next = mergeFragment(messages, fragment);
    const id = messageIdOf(fragment.id);
    const pending = pendingCitations[id];
    if (pending) {
      next = attachCitations(next, { messageId: id, citations: pending }) ?? next;
      const rest = { ...pendingCitations };
      delete rest[id];
      set({ messages: next, pendingCitations: rest });
      return;
    }
    set({ messages: next });
  },

  applyCitations: (event) => {
    const next = attachCitations(get().messages, event);
    if (next) set({ messages: next });
    else
      set((state) => ({
        pendingCitations: { ...state.pendingCitations, [event.messageId]: event.citations },
      }));
  },

  applyMessage: (message) => set((state) => ({ messages: replaceMessage(state.messages, message) })),

  showError: (error) => set({ error }),
  openLimitNotice: (nextAvailableTime) => set({ limitNotice: { nextAvailableTime } }),
  closeLimitNotice: () => set({ limitNotice: null }),
}));
