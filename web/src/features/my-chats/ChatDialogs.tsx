import styles from './my-chats.module.css';
import { type FormEvent, useState } from 'react';
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
  const { rename } = useMyChatsMutations();
  const current = chat ? chatTitle(chat.title, creators.get(chat.creatorId)) : '';
  const [title, setTitle] = useState(current);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chat) return;
    if (!title.trim()) {
      setError('Give the chat a name.');
      return;
    }
    rename.mutate(
      { id: chat.id, title: title.trim() },
      {
        onSuccess: onClose,
        onError: (cause) => setError(failure(cause, "We couldn't rename this chat. Please try again.")),
      },
    );
  };
  return (
    <Modal
      open={chat !== null}
      title="Rename chat"
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="rename-chat-form" disabled={rename.isPending}>
            {rename.isPending ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="rename-chat-form" onSubmit={submit} noValidate>
        <label htmlFor="rename-chat-title" className={styles['my-chats__label']}>
          Chat name
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
  const { remove } = useMyChatsMutations();
  const [error, setError] = useState<string | null>(null);
  const title = chat ? chatTitle(chat.title, creators.get(chat.creatorId)) : '';
  const confirm = () => {
    if (!chat) return;
    remove.mutate(chat.id, {
      onSuccess: onClose,
      onError: (cause) => setError(failure(cause, "We couldn't delete this chat. Please try again.")),
    });
  };
  return (
    <Modal
      open={chat !== null}
      title="Delete this chat?"
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
        </>
      }
    >
      <p>
        “{title}” and all its messages will be erased. This cannot be undone. Deleting a chat does not give
        back free messages already used.
      </p>
      {error ? (
        <p role="alert" className={styles['my-chats__error']}>
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
