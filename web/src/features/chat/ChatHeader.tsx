import styles from './chat.module.css';
import { type Creator, useSubscriptionsQuery } from '../../api';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';
import { useSessionStore } from '../session';

/**
 * Fans see 'Verified creator' for a creator who proved the profile is theirs; demo accounts say 'Demo'.
 * A signed-in fan with an active subscription to the creator sees 'Subscribed'.
 */
export function ChatHeader({ creator }: { creator: Creator }) {
  const userId = useSessionStore((state) =>
    state.status === 'authenticated' ? (state.user?.userId ?? null) : null,
  );
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
          @{creator.handle} · <span className={styles['chat-header__ai']}>AI persona</span>
          {creator.verified ? (
            <>
              {' '}
              <Badge>Verified creator</Badge>
            </>
          ) : creator.demoAccount ? (
            <>
              {' '}
              <Badge>Demo</Badge>
            </>
          ) : null}
          {subscribed ? (
            <>
              {' '}
              <Badge>Subscribed</Badge>
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
