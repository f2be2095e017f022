import styles from './chat.module.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type Creator, useSubscriptionsQuery } from '../../api';
import { startConversation } from '../../api/my-chats.api';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { useSessionStore } from '../session';

/**
 * Fans see 'Verified creator' for a creator who proved the profile is theirs; demo accounts say 'Demo'.
 * A signed-in fan with an active subscription to the creator sees 'Subscribed'.
 */
export function ChatHeader({ creator }: { creator: Creator }) {
  const userId = useSessionStore((state) =>
    state.status === 'authenticated' ? (state.user?.userId ?? null) : null,
  );
  const { t } = useTranslation();
  const subscriptions = useSubscriptionsQuery(userId);
  const subscribed = !!subscriptions.data?.subscriptions.some(
    (subscription) => subscription.active && subscription.creatorId === creator.id,
  );
  return (
    <div className={styles['chat-header']}>
      <Avatar src={creator.thumb} name={creator.nickName} size={44} />
      <div className={styles['chat-header__text']}>
        <h1 className={styles['chat-header__name']}>{creator.nickName}</h1>
        <p className={styles['chat-header__handle']}>
          @{creator.handle} · <span className={styles['chat-header__ai']}>{t('chat.header.aiPersona')}</span>
          {creator.verified ? (
            <>
              {' '}
              <Badge>{t('chat.header.verified')}</Badge>
            </>
          ) : creator.demoAccount ? (
            <>
              {' '}
              <Badge>{t('chat.header.demo')}</Badge>
            </>
          ) : null}
          {subscribed ? (
            <>
              {' '}
              <Badge>{t('chat.header.subscribed')}</Badge>
            </>
          ) : null}
        </p>
      </div>
      <NewChatButton creator={creator} />
    </div>
  );
}

/** "New chat" (docs/chat.md, "My chats"): a fresh conversation with this creator, opened at `?c=<id>`. */
function NewChatButton({ creator }: { creator: Creator }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSessionStore((state) => state.user !== null);
  const [state, setState] = useState<'idle' | 'starting' | 'failed'>('idle');
  const start = async () => {
    setState('starting');
    try {
      const conversation = await startConversation(creator.id);
      setState('idle');
      navigate(`/@${creator.handle}?c=${conversation.id}`);
    } catch (error) {
      console.error('Could not start a new chat', error);
      setState('failed');
    }
  };
  if (!signedIn) return null;
  return (
    <div className={styles['chat-header__actions']}>
      <Button variant="secondary" size="sm" disabled={state === 'starting'} onClick={() => void start()}>
        {state === 'starting' ? t('chat.header.starting') : t('chat.header.newChat')}
      </Button>
      {state === 'failed' ? (
        <span role="alert" className={styles['chat-header__error']}>
          {t('chat.header.newChatFailed')}
        </span>
      ) : null}
    </div>
  );
}
