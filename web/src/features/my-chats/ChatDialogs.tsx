import styles from './my-chats.module.css';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_TITLE_MAX_LENGTH } from '@backtalk/proto/browser';
import { ApiError, type Creator } from '../../api';
import { type ConversationSummary, useMyChatsMutations } from '../../api/my-chats.api';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { chatTitle } from './ChatRow';

/** Keyed by the conversation's id by the caller, so each one starts with fresh state. */
interface ChatDialogProps {
  /** The conversation the dialog is about; null: closed. */
  chat: ConversationSummary | null;
  creators: Map<string, Creator>;
  onClose(): void;
}

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && !error.isNetworkError ? error.message : fallback;

/** Renames a conversation (1..100 characters). */
export function RenameChatDialog({ chat, creators, onClose }: ChatDialogProps) {
  const { t } = useTranslation();
  const { rename } = useMyChatsMutations();
  const current = chat ? chatTitle(chat.title, creators.get(chat.creatorId)) : '';
  const [title, setTitle] = useState(current);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chat) return;
    if (!title.trim()) {
      setError(t('myChats.nameRequired'));
      return;
    }
    rename.mutate(
      { id: chat.id, title: title.trim() },
      {
        onSuccess: onClose,
        onError: (cause) => setError(failure(cause, t('myChats.renameFailed'))),
      },
    );
  };
  return (
    <Modal
      open={chat !== null}
      title={t('myChats.renameTitle')}
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="rename-chat-form" disabled={rename.isPending}>
            {rename.isPending ? t('myChats.saving') : t('myChats.save')}
          </Button>
        </>
      }
    >
      <form id="rename-chat-form" onSubmit={submit} noValidate>
        <label htmlFor="rename-chat-title" className={styles['my-chats__label']}>
          {t('myChats.chatName')}
        </label>
        <input
          id="rename-chat-title"
          data-autofocus
          className={styles['my-chats__input']}
          value={title}
          maxLength={CONVERSATION_TITLE_MAX_LENGTH}
          aria-invalid={!!error}
          aria-describedby={error ? 'rename-chat-error' : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
        {error ? (
          <p id="rename-chat-error" role="alert" className={styles['my-chats__error']}>
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}

/** Asks before erasing a conversation and its messages. */
export function DeleteChatDialog({ chat, creators, onClose }: ChatDialogProps) {
  const { t } = useTranslation();
  const { remove } = useMyChatsMutations();
  const [error, setError] = useState<string | null>(null);
  const title = chat ? chatTitle(chat.title, creators.get(chat.creatorId)) : '';
  const confirm = () => {
    if (!chat) return;
    remove.mutate(chat.id, {
      onSuccess: onClose,
      onError: (cause) => setError(failure(cause, t('myChats.deleteFailed'))),
    });
  };
  return (
    <Modal
      open={chat !== null}
      title={t('myChats.deleteTitle')}
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? t('myChats.deleting') : t('myChats.delete')}
          </Button>
        </>
      }
    >
      <p>{t('myChats.deleteText', { title })}</p>
      {error ? (
        <p role="alert" className={styles['my-chats__error']}>
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
