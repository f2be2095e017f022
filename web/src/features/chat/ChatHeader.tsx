import styles from './chat.module.css';
import type { Creator } from '../../api';
import { Avatar } from '../../components/Avatar';

export function ChatHeader({ creator }: { creator: Creator }) {
  return (
    <div className={styles['chat-header']}>
      <Avatar src={creator.thumb} name={creator.nickName} size={44} />
      <div className={styles['chat-header__text']}>
        <h1 className={styles['chat-header__name']}>{creator.nickName}</h1>
        <p className={styles['chat-header__handle']}>
          @{creator.handle} · <span className={styles['chat-header__ai']}>AI persona</span>
        </p>
      </div>
    </div>
  );
}
