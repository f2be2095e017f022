import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  ApiError,
  type ChatMessage,
  type InboxConversation,
  useHandBackMutation,
  useInboxQuery,
  useInboxThreadQuery,
  useReplyInPersonMutation,
} from '../../../api';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { formatActivity } from '../../../formatting/date-time';
import { appLocale } from '../../../formatting/locale';
import { LoadFailedBanner } from '../../admin/reports/LoadFailedBanner';
import { useConversationEvents } from '../../chat/useInPersonEvents';
import { useMyCreatorQuery } from '../useCreatorQueries';
import styles from './inbox.module.css';

export const INBOX_TEXT = {
  title: 'Inbox',
  hint: 'Conversations whose fans let you read them. Reply in person, then hand the chat back to your persona.',
  empty: 'No conversations yet. When a fan lets you read their chat, it appears here.',
  loadFailed: 'Failed to load your inbox',
  threadFailed: 'Failed to load this conversation',
  pick: 'Choose a conversation to read it.',
  placeholder: 'Write to this fan in person…',
  send: 'Send in person',
  sendFailed: 'Your message was not sent. Try again.',
  handBack: (persona: string) => `Hand back to ${persona}`,
  inPerson: 'You are replying in person',
  you: 'You, in person',
  persona: 'AI persona',
  fan: 'Fan',
} as const;

/** /creator/inbox[/:conversationId]: the creator's DMs with fans who allow it (issue 23 item 5). */
export function CreatorInboxPage() {
  const { conversationId = null } = useParams();
  const creator = useMyCreatorQuery();
  const creatorId = creator.data?.id ?? null;
  const persona = creator.data?.nickName ?? 'your persona';
  const inbox = useInboxQuery(creatorId);
  return (
    <section className={`page ${styles['page']}`}>
      <header className={styles['header']}>
        <h1>{INBOX_TEXT.title}</h1>
        <p className={styles['hint']}>{INBOX_TEXT.hint}</p>
      </header>
      <div className={`${styles['layout']} ${conversationId ? styles['layout--thread'] : ''}`}>
        <nav className={styles['list-pane']} aria-label="Conversations">
          {creator.isPending || (creatorId && inbox.isPending) ? (
            <Spinner label="Loading your inbox" />
          ) : null}
          {inbox.isError || creator.isError ? (
            <LoadFailedBanner message={INBOX_TEXT.loadFailed} onRetry={() => void inbox.refetch()} />
          ) : null}
          {inbox.data?.length === 0 ? (
            <p className={styles['empty']} data-testid="inbox-empty">
              {INBOX_TEXT.empty}
            </p>
          ) : null}
          {inbox.data && inbox.data.length > 0 ? (
            <ul className={styles['list']}>
              {inbox.data.map((conversation) => (
                <ConversationItem
                  key={conversation.id}
                  conversation={conversation}
                  selected={conversation.id === conversationId}
                />
              ))}
            </ul>
          ) : null}
        </nav>
        <div className={styles['thread-pane']}>
          {creatorId && conversationId ? (
            <Thread
              key={conversationId}
              creatorId={creatorId}
              conversationId={conversationId}
              persona={persona}
              onActivity={() => void inbox.refetch()}
            />
          ) : (
            <p className={styles['pick']}>{INBOX_TEXT.pick}</p>
          )}
        </div>
      </div>
    </section>
  );
}

function ConversationItem({
  conversation,
  selected,
}: {
  conversation: InboxConversation;
  selected: boolean;
}) {
  return (
    <li>
      <Link
        to={`/creator/inbox/${conversation.id}`}
        className={`${styles['item']} ${selected ? styles['item--selected'] : ''}`}
        aria-current={selected ? 'page' : undefined}
        data-testid="inbox-conversation"
      >
        <span className={styles['item__head']}>
          <strong>{conversation.fanLabel}</strong>
          <time dateTime={conversation.lastActivityAt}>
            {formatActivity(conversation.lastActivityAt, undefined, appLocale())}
          </time>
        </span>
        <span className={styles['item__preview']}>{conversation.preview || '…'}</span>
        {conversation.inPerson ? <span className={styles['badge']}>In person</span> : null}
      </Link>
    </li>
  );
}

function Thread({
  creatorId,
  conversationId,
  persona,
  onActivity,
}: {
  creatorId: string;
  conversationId: string;
  persona: string;
  /** Something arrived or changed live: the list's previews and order follow. */
  onActivity(): void;
}) {
  const navigate = useNavigate();
  const thread = useInboxThreadQuery(creatorId, conversationId);
  const reply = useReplyInPersonMutation(creatorId, conversationId);
  const handBack = useHandBackMutation(creatorId, conversationId);
  const [draft, setDraft] = useState('');
  // Sent from here, or arrived live (the fan's messages while you hold the thread).
  const [sent, setSent] = useState<ChatMessage[]>([]);
  const [handedBack, setHandedBack] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const loaded = thread.data?.messages ?? [];
  const messages = [...loaded, ...sent.filter((message) => !loaded.some((shown) => shown.id === message.id))];
  const inPerson = !handedBack && ((thread.data?.conversation.inPerson ?? false) || sent.length > 0);
  const add = (message: ChatMessage) =>
    setSent((previous) =>
      previous.some((shown) => shown.id === message.id) ? previous : [...previous, message],
    );
  // Live while open: what the fan writes while you reply in person arrives at once (no reply from the persona).
  useConversationEvents(conversationId, thread.isSuccess, {
    onMessage: (message) => {
      add(message);
      onActivity();
    },
    onInPerson: (now) => {
      if (!now) setHandedBack(true);
      onActivity();
    },
    onReconnect: () => thread.refetch().then(() => undefined),
  });

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text || reply.isPending) return;
    reply.mutate(text, {
      onSuccess: (message) => {
        add(message);
        setHandedBack(false);
        setDraft('');
      },
    });
  };

  if (thread.isPending) return <Spinner label="Loading the conversation" />;
  if (thread.isError)
    return (
      <div className={styles['thread']}>
        <BackLink onBack={() => navigate('/creator/inbox')} />
        <LoadFailedBanner
          message={thread.error instanceof ApiError ? thread.error.message : INBOX_TEXT.threadFailed}
          onRetry={() => void thread.refetch()}
        />
      </div>
    );
  return (
    <div className={styles['thread']} data-testid="inbox-thread">
      <div className={styles['thread__head']}>
        <BackLink onBack={() => navigate('/creator/inbox')} />
        <h2>{thread.data.conversation.fanLabel}</h2>
        {inPerson ? (
          <Button
            variant="secondary"
            size="sm"
            pending={handBack.isPending}
            onClick={() => handBack.mutate(undefined, { onSuccess: () => setHandedBack(true) })}
          >
            {INBOX_TEXT.handBack(persona)}
          </Button>
        ) : null}
      </div>
      {inPerson ? (
        <p className={styles['mode']} role="status">
          {INBOX_TEXT.inPerson}
        </p>
      ) : null}
      <div
        className={styles['messages']}
        role="log"
        aria-label={`Conversation with ${thread.data.conversation.fanLabel}`}
      >
        {messages.map((message) => (
          <div key={message.id} className={`${styles['message']} ${styles[`message--${message.role}`]}`}>
            <span className={styles['message__who']}>
              {message.role === 'creator'
                ? INBOX_TEXT.you
                : message.role === 'assistant'
                  ? INBOX_TEXT.persona
                  : INBOX_TEXT.fan}
            </span>
            <p className={styles['message__text']}>{message.content}</p>
          </div>
        ))}
        <div ref={end} />
      </div>
      <form className={styles['compose']} onSubmit={submit}>
        <textarea
          aria-label="Your reply in person"
          placeholder={INBOX_TEXT.placeholder}
          value={draft}
          maxLength={4000}
          rows={2}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) submit(event);
          }}
        />
        <Button type="submit" pending={reply.isPending} disabled={!draft.trim()}>
          {INBOX_TEXT.send}
        </Button>
      </form>
      {reply.isError ? (
        <p className={styles['error']} role="alert">
          {reply.error instanceof ApiError ? reply.error.message : INBOX_TEXT.sendFailed}
        </p>
      ) : null}
      {handBack.isError ? (
        <p className={styles['error']} role="alert">
          {handBack.error instanceof ApiError ? handBack.error.message : INBOX_TEXT.sendFailed}
        </p>
      ) : null}
    </div>
  );
}

function BackLink({ onBack }: { onBack(): void }) {
  return (
    <button type="button" className={styles['back']} onClick={onBack}>
      ← All conversations
    </button>
  );
}
