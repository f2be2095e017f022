import styles from './chat.module.css';
import type { ChatMessage } from '../../api';
import { formatPostDate } from './format-time';

export function MessageBubble({ message }: { message: ChatMessage }) {
  const isUser = message.role === 'user';
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
        {message.content}
      </div>
      {!isUser && message.citations.length > 0 ? (
        <ul className={styles['citations']} aria-label="Sources">
          {message.citations.map((citation) => (
            <li key={`${citation.postId}-${citation.url}`}>
              {/* A post without a safe link (the server drops any but the provider's own) is named, not linked. */}
              {citation.url ? (
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
                  Post from {formatPostDate(citation.date)}
                </a>
              ) : (
                <span title={citation.caption || undefined}>Post from {formatPostDate(citation.date)}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
