import styles from './chat.module.css';
import type { Creator } from '../../api';
import { Avatar } from '../../components/Avatar';
import { Badge } from '../../components/Badge';

/** Fans see 'Verified creator' for a creator who proved the profile is theirs; demo accounts say 'Demo'. */
export function ChatHeader({ creator }: { creator: Creator }) {
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
        </p>
      </div>
    </div>
  );
}
