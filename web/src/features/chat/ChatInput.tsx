import styles from './chat.module.css';
import { useLayoutEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { en } from '../../i18n/locales/en';
import { useChatStore } from './chat.store';

/** Spec §5/§9: the text box grows with its content up to 150px. */
const TEXTAREA_MAX_HEIGHT_PX = 150;

/** Shown while a message sent before the conversation opened waits for it. */
export const QUEUED_SEND_HINT = en.chat.queuedSend;

/** Shown while a message sent during a reply waits for the reply to end (docs: web/README.md, Chat). */
export const queuedBehindReplyHint = (creatorName: string) =>
  en.chat.queuedBehindReply.replace('{{name}}', creatorName);

export function ChatInput({
  creatorName,
  onSend,
  disabled,
}: {
  creatorName: string;
  onSend(): void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const draft = useChatStore((state) => state.draft);
  const setDraft = useChatStore((state) => state.setDraft);
  const isSending = useChatStore((state) => state.isSending);
  const sendQueued = useChatStore((state) => state.sendQueued);
  const isTyping = useChatStore((state) => state.isTyping);
  const chatOpen = useChatStore((state) => state.conversationId !== null);
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    const height = Math.min(el.scrollHeight, TEXTAREA_MAX_HEIGHT_PX);
    if (height > 0) el.style.height = `${height}px`;
    el.style.overflowY = el.scrollHeight > TEXTAREA_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [draft]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while composing with an IME) adds a line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };

  return (
    <form className={styles['composer']} onSubmit={onSubmit}>
      <div className={styles['composer__box']}>
        <textarea
          ref={ref}
          className={styles['composer__input']}
          rows={1}
          value={draft}
          placeholder={t('chat.placeholder', { name: creatorName })}
          aria-label={t('chat.messageLabel')}
          style={{ maxHeight: TEXTAREA_MAX_HEIGHT_PX }}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className={styles['composer__send']}
          aria-label={t('chat.send')}
          disabled={disabled || (isSending && !isTyping) || sendQueued || !draft.trim()}
          aria-busy={sendQueued}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M4 12 20 4l-6 16-3-7-7-1z" fill="currentColor" />
          </svg>
        </button>
      </div>
      {sendQueued ? (
        <p className={styles['composer__hint']} role="status">
          {chatOpen ? t('chat.queuedBehindReply', { name: creatorName }) : t('chat.queuedSend')}
        </p>
      ) : (
        <p className={styles['composer__hint']}>{t('chat.enterHint')}</p>
      )}
    </form>
  );
}
