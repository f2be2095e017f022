import styles from './chat.module.css';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../api';
import { en } from '../../i18n/locales/en';
import { useLocale } from '../../formatting/locale';
import { formatPostDate } from './format-time';
import { CrisisCard } from './CrisisCard';
import { SafetyNotice } from './SafetyNotice';
import safety from './safety.module.css';
import honesty from './honesty.module.css';
import { isHiddenMessage } from './ReplyMeta';
import { InPersonBubble } from './InPersonBubble';

/** Under a fan message moderation held back, and a reply it replaced (docs/safety.md). */
export const HELD_BACK_NOTE = en.messages.heldBack;
export const REPLACED_NOTE = en.messages.replaced;
/** A held-back message whose text was erased after the review period. */
export const ERASED_TEXT = en.messages.erased;

export function MessageBubble({ message, creatorName }: { message: ChatMessage; creatorName?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (message.role === 'creator')
    return <InPersonBubble message={message} creatorName={creatorName ?? t('messages.theCreator')} />;
  if (message.kind === 'crisis-care') return <CrisisCard message={message} />;
  if (message.kind === 'safety-notice') return <SafetyNotice message={message} />;
  const isUser = message.role === 'user';
  const erased = message.moderated && message.content === '';
  return (
    <div
      className={`${styles['chat-row']} ${styles[`chat-row--${message.role}`]}`}
      data-testid="chat-message"
      data-role={message.role}
    >
      <div
        className={[
          styles['bubble'],
          styles[`bubble--${message.role}`],
          message.status === 'failed' ? styles['bubble--failed'] : null,
        ]
          .filter(Boolean)
          .join(' ')}
      >
        {erased ? (
          <span className={safety['erased']}>{t('messages.erased')}</span>
        ) : isHiddenMessage(message) ? (
          <span className={honesty['hidden-message']}>{t('messages.hidden')}</span>
        ) : (
          message.content
        )}
      </div>
      {message.moderated ? (
        <span className={safety['moderated-note']}>
          {isUser ? t('messages.heldBack') : t('messages.replaced')}
        </span>
      ) : null}
      {!isUser && message.citations.length > 0 ? (
        <ul className={styles['citations']} aria-label={t('messages.sources')}>
          {message.citations.map((citation) => (
            <li key={`${citation.postId}-${citation.url}`}>
              {/* A corrected answer or a note the creator wrote is theirs (docs/creators.md, "Knowledge"); a post
                  without a safe link (the server drops any but the provider's own) is named, not linked. */}
              {citation.source === 'answer' || citation.source === 'note' ? (
                <span className={styles['citation-by']} title={citation.caption || undefined}>
                  {citation.source === 'answer'
                    ? t('messages.answeredBy', { by: citation.by })
                    : t('messages.noteBy', { by: citation.by })}
                </span>
              ) : citation.url ? (
                <a
                  href={citation.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={citation.caption || undefined}
                >
                  <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                    <path
                      d="M6 3h7v7M13 3 4 12"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.6"
                      strokeLinecap="round"
                    />
                  </svg>
                  {t('messages.postFrom', { date: formatPostDate(citation.date, locale) })}
                </a>
              ) : (
                <span title={citation.caption || undefined}>
                  {t('messages.postFrom', { date: formatPostDate(citation.date, locale) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
