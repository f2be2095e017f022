import styles from './my-chats.module.css';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Creator } from '../../api';
import type { ConversationSearchHit } from '../../api/my-chats.api';
import { Avatar } from '../../components/Avatar';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useLocale } from '../../formatting/locale';
import { formatActivity } from '../../formatting/date-time';
import { chatPath, chatTitle } from './ChatRow';

interface SearchResultsProps {
  q: string;
  search: UseQueryResult<ConversationSearchHit[]>;
  creators: Map<string, Creator>;
  onClear(): void;
}

/** The fan's own messages matching the search, newest first; each opens its conversation. */
export function SearchResults({ q, search, creators, onClear }: SearchResultsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const clear = (
    <Button variant="secondary" size="sm" onClick={onClear}>
      {t('myChats.showAll')}
    </Button>
  );
  if (search.isPending)
    return (
      <div className={styles['my-chats__state']}>
        <Spinner label={t('myChats.searching')} />
      </div>
    );
  if (search.isError)
    return (
      <Banner
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void search.refetch()}>
            {t('common.tryAgain')}
          </Button>
        }
      >
        {t('myChats.searchFailed')}
      </Banner>
    );
  if (search.data.length === 0)
    return (
      <div className={styles['my-chats__empty']}>
        <p className={styles['my-chats__query']}>{t('myChats.noMatch', { q })}</p>
        {clear}
      </div>
    );
  return (
    <>
      <p className={styles['my-chats__count']} role="status">
        <span className={styles['my-chats__query']}>
          {t('myChats.matches', { count: search.data.length, q })}
        </span>{' '}
        {clear}
      </p>
      <ul className={styles['my-chats__list']} aria-label={t('myChats.resultsLabel')}>
        {search.data.map((hit) => {
          const creator = creators.get(hit.creatorId);
          const name = creator?.nickName ?? t('myChats.creator');
          const body = (
            <>
              <Avatar src={creator?.thumb} name={name} size={40} />
              <span className={styles['chat-row__text']}>
                <span className={styles['chat-row__top']}>
                  <span className={styles['chat-row__creator']}>
                    {name} · {chatTitle(hit.conversationTitle, creator)}
                  </span>
                  <time className={styles['chat-row__time']} dateTime={hit.createdAt}>
                    {formatActivity(hit.createdAt, undefined, locale)}
                  </time>
                </span>
                <span className={styles['chat-row__snippet']}>
                  {hit.role === 'user' ? t('myChats.you') : ''}
                  <Highlighted text={hit.snippet} q={q} />
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

/** `text` with each case-insensitive occurrence of `q` in a <mark> (the server cuts the snippet around the first). */
function Highlighted({ text, q }: { text: string; q: string }) {
  const needle = q.toLowerCase();
  const haystack = text.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); needle && at >= 0; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(<mark key={at}>{text.slice(at, at + q.length)}</mark>);
    from = at + q.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}
