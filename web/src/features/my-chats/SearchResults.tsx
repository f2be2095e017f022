import styles from './my-chats.module.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Creator } from '../../api';
import type { ConversationSearchHit } from '../../api/my-chats.api';
import { Avatar } from '../../components/Avatar';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { formatActivity } from './chat-time';
import { chatPath, chatTitle } from './ChatRow';

interface SearchResultsProps {
  q: string;
  search: UseQueryResult<ConversationSearchHit[]>;
  creators: Map<string, Creator>;
  onClear(): void;
}

/** The fan's own messages matching the search, newest first; each opens its conversation. */
export function SearchResults({ q, search, creators, onClear }: SearchResultsProps) {
  const clear = (
    <Button variant="secondary" size="sm" onClick={onClear}>
      Show all chats
    </Button>
  );
  if (search.isPending)
    return (
      <div className={styles['my-chats__state']}>
        <Spinner label="Searching your messages" />
      </div>
    );
  if (search.isError)
    return (
      <Banner
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void search.refetch()}>
            Try again
          </Button>
        }
      >
        We couldn't search your messages. Please try again.
      </Banner>
    );
  if (search.data.length === 0)
    return (
      <div className={styles['my-chats__empty']}>
        <p>No messages match “{q}”.</p>
        {clear}
      </div>
    );
  return (
    <>
      <p className={styles['my-chats__count']} role="status">
        {search.data.length === 1 ? '1 message matches' : `${search.data.length} messages match`} “{q}”{' '}
        {clear}
      </p>
      <ul className={styles['my-chats__list']} aria-label="Messages found">
        {search.data.map((hit) => {
          const creator = creators.get(hit.creatorId);
          const name = creator?.nickName ?? 'Creator';
          const body = (
            <>
              <Avatar src={creator?.thumb} name={name} size={40} />
              <span className={styles['chat-row__text']}>
                <span className={styles['chat-row__top']}>
                  <span className={styles['chat-row__creator']}>
                    {name} · {chatTitle(hit.conversationTitle, creator)}
                  </span>
                  <time className={styles['chat-row__time']} dateTime={hit.createdAt}>
                    {formatActivity(hit.createdAt)}
                  </time>
                </span>
                <span className={styles['chat-row__last']}>
                  {hit.role === 'user' ? 'You: ' : ''}
                  {hit.snippet}
                </span>
              </span>
            </>
          );
          return (
            <li key={hit.messageId} className={styles['chat-row']} data-testid="search-hit">
              {creator ? (
                <Link to={chatPath(creator, hit.conversationId)} className={styles['chat-row__link']}>
                  {body}
                </Link>
              ) : (
                <span className={styles['chat-row__link']}>{body}</span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
