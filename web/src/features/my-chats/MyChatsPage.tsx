import styles from './my-chats.module.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CONVERSATION_SEARCH_MAX_LENGTH, CONVERSATION_SEARCH_MIN_LENGTH } from '@backtalk/proto/browser';
import { useChatSearchQuery, useMyChatsQuery, type ConversationSummary } from '../../api/my-chats.api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useSessionStore } from '../session';
import { ChatRow, chatPath } from './ChatRow';
import { DeleteChatDialog, RenameChatDialog } from './ChatDialogs';
import { SearchResults } from './SearchResults';
import { useCreatorsById } from './useCreatorsById';

/**
 * `/chats` (issue 24 item 1; docs/chat.md, "My chats"): every conversation of the signed-in user or
 * guest across creators, newest activity first, with unread replies; rename, delete and "New chat";
 * a search of the fan's own messages (`?q=` in the address, so Back returns to it).
 */
export function MyChatsPage() {
  const { t } = useTranslation();
  const status = useSessionStore((state) => state.status);
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, CONVERSATION_SEARCH_MAX_LENGTH);
  const [draft, setDraft] = useState(q);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // A `q` too short to search (typed into the address, e.g. `?q=%`) shows the hint and the list.
  const tooShort = q.length > 0 && q.length < CONVERSATION_SEARCH_MIN_LENGTH;
  const tooShortHint = t('myChats.searchTooShort', { min: CONVERSATION_SEARCH_MIN_LENGTH });
  const searchError = submitError ?? (tooShort ? tooShortHint : null);
  const chats = useMyChatsQuery(userId);
  const search = useChatSearchQuery(userId, q);
  const creators = useCreatorsById([
    ...(chats.data ?? []).map((chat) => chat.creatorId),
    ...(search.data ?? []).map((hit) => hit.creatorId),
  ]);
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null);
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next.length > 0 && next.length < CONVERSATION_SEARCH_MIN_LENGTH) {
      setSubmitError(tooShortHint);
      return;
    }
    setSubmitError(null);
    setParams(next ? { q: next } : {});
  };

  const loading = status === 'loading' || (userId !== null && chats.isPending);
  return (
    <section className={styles['my-chats']} aria-labelledby="my-chats-heading">
      <h1 id="my-chats-heading">{t('myChats.title')}</h1>
      <form className={styles['my-chats__search']} role="search" noValidate onSubmit={submit}>
        <label className="visually-hidden" htmlFor="my-chats-q">
          {t('myChats.searchLabel')}
        </label>
        <input
          id="my-chats-q"
          type="search"
          className={styles['my-chats__input']}
          placeholder={t('myChats.searchLabel')}
          autoComplete="off"
          maxLength={CONVERSATION_SEARCH_MAX_LENGTH}
          value={draft}
          aria-invalid={!!searchError}
          aria-describedby={searchError ? 'my-chats-q-error' : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">{t('myChats.search')}</Button>
      </form>
      {searchError ? (
        <p id="my-chats-q-error" className={styles['my-chats__error']} role="alert">
          {searchError}
        </p>
      ) : null}

      {q && !tooShort ? (
        <SearchResults
          q={q}
          search={search}
          creators={creators}
          onClear={() => {
            setDraft('');
            setParams({});
          }}
        />
      ) : loading ? (
        <div className={styles['my-chats__state']}>
          <Spinner label={t('myChats.loading')} />
        </div>
      ) : chats.isError || userId === null || !chats.data ? (
        <Banner
          tone="error"
          action={
            userId ? (
              <Button variant="secondary" size="sm" onClick={() => void chats.refetch()}>
                {t('common.tryAgain')}
              </Button>
            ) : undefined
          }
        >
          {t('myChats.loadFailed')}
        </Banner>
      ) : chats.data.length === 0 ? (
        <div className={styles['my-chats__empty']}>
          <p>{t('myChats.empty')}</p>
          <Link to="/discover">{t('myChats.findCreator')}</Link>
        </div>
      ) : (
        <ul className={styles['my-chats__list']} aria-label={t('myChats.listLabel')}>
          {chats.data.map((chat) => (
            <ChatRow
              key={chat.id}
              chat={chat}
              creator={creators.get(chat.creatorId)}
              onRename={() => setRenaming(chat)}
              onDelete={() => setDeleting(chat)}
              onStarted={(creator, id) => navigate(chatPath(creator, id))}
            />
          ))}
        </ul>
      )}
      <RenameChatDialog
        key={`rename-${renaming?.id}`}
        chat={renaming}
        creators={creators}
        onClose={() => setRenaming(null)}
      />
      <DeleteChatDialog
        key={`delete-${deleting?.id}`}
        chat={deleting}
        creators={creators}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
