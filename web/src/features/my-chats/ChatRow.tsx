import styles from './my-chats.module.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { Link } from 'react-router-dom';
import type { Creator } from '../../api';
import { startConversation, type ConversationSummary } from '../../api/my-chats.api';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { useLocale } from '../../formatting/locale';
import { formatActivity } from '../../formatting/date-time';
import { unreadLabel } from './chat-time';

/** Where one conversation opens: the creator's chat at `?c=<id>` (docs/chat.md, "My chats"). */
export function chatPath(creator: Creator, conversationId: string): string {
  return `/@${creator.handle}?c=${conversationId}`;
}

/** The name the fan sees for a conversation: its title, else the creator's name. */
export function chatTitle(title: string, creator: Creator | undefined): string {
  return title || creator?.nickName || i18n.t('myChats.untitled');
}

interface ChatRowProps {
  chat: ConversationSummary;
  creator: Creator | undefined;
  onRename(): void;
  onDelete(): void;
  onStarted(creator: Creator, conversationId: string): void;
}

/** One conversation in /chats: avatar, creator, title, last message, time, unread badge and actions. */
export function ChatRow({ chat, creator, onRename, onDelete, onStarted }: ChatRowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [starting, setStarting] = useState<'idle' | 'starting' | 'failed'>('idle');
  const name = creator?.nickName ?? t('myChats.creator');
  const title = chatTitle(chat.title, creator);
  const last = chat.lastMessage;
  const startNew = async () => {
    if (!creator) return;
    setStarting('starting');
    try {
      const conversation = await startConversation(creator.id);
      onStarted(creator, conversation.id);
    } catch (error) {
      console.error('Could not start a new chat', error);
      setStarting('failed');
    }
  };
  const body = (
    <>
      <Avatar src={creator?.thumb} name={name} size={48} />
      <span className={styles['chat-row__text']}>
        <span className={styles['chat-row__top']}>
          <span className={styles['chat-row__creator']}>{name}</span>
          <time className={styles['chat-row__time']} dateTime={chat.lastActivityAt}>
            {formatActivity(chat.lastActivityAt, undefined, locale)}
          </time>
        </span>
        <span className={styles['chat-row__title']}>{title}</span>
        <span className={styles['chat-row__last']}>
          {last ? `${last.role === 'user' ? t('myChats.you') : ''}${last.text}` : t('myChats.noMessages')}
        </span>
      </span>
      {chat.unread > 0 ? (
        <span className={styles['chat-row__unread']} aria-label={unreadLabel(chat.unread)}>
          {chat.unread}
        </span>
      ) : null}
    </>
  );
  return (
    <li className={styles['chat-row']} data-testid="chat-row">
      {creator ? (
        <Link to={chatPath(creator, chat.id)} className={styles['chat-row__link']}>
          {body}
        </Link>
      ) : (
        <span className={styles['chat-row__link']}>{body}</span>
      )}
      <span className={styles['chat-row__actions']}>
        <Button variant="ghost" size="sm" onClick={onRename} aria-label={t('myChats.renameLabel', { title })}>
          {t('myChats.rename')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={t('myChats.deleteLabel', { title })}>
          {t('myChats.delete')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!creator || starting === 'starting'}
          onClick={() => void startNew()}
          aria-label={t('myChats.newChatWith', { name })}
        >
          {t('chat.header.newChat')}
        </Button>
        {starting === 'failed' ? (
          <span role="alert" className={styles['my-chats__error']}>
            {t('chat.header.newChatFailed')}
          </span>
        ) : null}
      </span>
    </li>
  );
}
