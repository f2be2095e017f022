import { ApiError, attachReply, isAbortError, type StreamHandlers } from '../../api';
import { i18n } from '../../i18n/i18n';
import { en } from '../../i18n/locales/en';
import { useChatStore } from './chat.store';

/** The English words (specs assert them); the chat shows `replyFailed()`, in the reader's language. */
export const REPLY_FAILED_MESSAGE = en.chat.replyFailed;
export const replyFailed = () => i18n.t('chat.replyFailed');

/** How often a dropped reply is attached again before the chat gives up and says so. */
const RESUME_ATTEMPTS = 8;
const RESUME_MAX_DELAY_MS = 4_000;

/** Where a reply stream got to: what to resume from, and whether it ended. */
export interface ReplyProgress {
  /** The last fragment id received (the next attach's Last-Event-ID). */
  lastFragmentId: string | null;
  /** Its last fragment (with a stopReason) arrived: nothing more follows. */
  ended: boolean;
  /** The server's fan-facing text from an `error` event, shown instead of the generic one. */
  serverError: string | null;
}

export function newProgress(lastFragmentId: string | null = null): ReplyProgress {
  return { lastFragmentId, ended: false, serverError: null };
}

/** The chat store's handling of one reply's events (a send's stream or an attach), noting progress. */
export function replyHandlers(progress: ReplyProgress): StreamHandlers {
  return {
    onFragment(fragment) {
      progress.lastFragmentId = fragment.id;
      const state = useChatStore.getState();
      state.applyFragment(fragment);
      if (fragment.stopReason) {
        progress.ended = true;
        state.setTyping(false);
        if (fragment.stopReason === 'error') state.showError(progress.serverError ?? replyFailed());
      }
    },
    onCitations(event) {
      useChatStore.getState().applyCitations(event);
    },
    onMessage(message) {
      useChatStore.getState().applyMessage(message);
    },
    onError(error) {
      progress.serverError = error?.message || null;
      useChatStore.setState({ isTyping: false, error: progress.serverError ?? replyFailed() });
    },
  };
}

/**
 * Follows reply `messageId` to its last fragment (docs/architecture.md, "Replies that resume
 * anywhere"): attaches from `progress.lastFragmentId` (none: the reply so far comes whole), and
 * after a dropped connection attaches again from the last fragment received — after a short wait,
 * or as soon as the browser is back online. A refusal (404, 403) ends it with the server's text.
 */
export async function followReply(
  conversationId: string,
  messageId: string,
  progress: ReplyProgress,
  signal: AbortSignal,
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await attachReply(conversationId, messageId, progress.lastFragmentId, replyHandlers(progress), signal);
      if (progress.ended) return;
    } catch (error) {
      if (isAbortError(error)) throw error;
      if (error instanceof ApiError && !error.isNetworkError) {
        useChatStore.getState().showError(error.message);
        return;
      }
    }
    if (attempt + 1 >= RESUME_ATTEMPTS) {
      useChatStore.getState().showError(replyFailed());
      return;
    }
    await pause(Math.min(250 * 2 ** attempt, RESUME_MAX_DELAY_MS), signal);
  }
}

/** Waits `ms`, ending early when the browser comes back online; rejects when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', aborted);
    };
    const done = () => {
      cleanup();
      resolve();
    };
    const aborted = () => {
      cleanup();
      reject(new DOMException('The stream was aborted.', 'AbortError'));
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
    signal.addEventListener('abort', aborted);
  });
}
