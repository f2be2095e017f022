import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../api';
import { useChatStore } from './chat.store';
import styles from './honesty.module.css';
import { ReportReply } from './ReportReply';

/** What a fan sees in place of a reply an admin hid (the server's text, docs/safety.md). */
export const HIDDEN_MESSAGE_TEXT = 'This message was hidden';

export function isHiddenMessage(message: ChatMessage): boolean {
  return (
    message.role === 'assistant' && message.content === HIDDEN_MESSAGE_TEXT && message.citations.length === 0
  );
}

/**
 * Under every persona reply: the "AI" label (it is never the creator typing), and "Report" once
 * the reply is complete and stored.
 */
export function ReplyMeta({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const conversationId = useChatStore((state) => state.conversationId);
  const reportable = conversationId !== null && message.status !== 'streaming' && !isHiddenMessage(message);
  return (
    <div className={styles['reply-meta']}>
      <span className={styles['ai-label']} title={t('messages.aiTitle')}>
        {t('messages.ai')}
      </span>
      {reportable ? <ReportReply conversationId={conversationId} messageId={message.id} /> : null}
    </div>
  );
}
