import styles from './creator-list.module.css';
import { Link, useNavigate } from 'react-router-dom';
import type { Creator } from '../../api';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';

export function CreatorCard({ creator }: { creator: Creator }) {
  const navigate = useNavigate();
  const chatPath = `/@${creator.handle}`;
  const created = new Date(creator.createdAt);
  return (
    <li className={styles['creator-card']}>
      <div className={styles['creator-card__top']}>
        <Avatar src={creator.thumb} name={creator.nickName} size={52} />
        <div className={styles['creator-card__title']}>
          <h2 className={styles['creator-card__name']}>{creator.nickName}</h2>
          <span className={styles['creator-card__handle']}>@{creator.handle}</span>
        </div>
        {creator.demoAccount ? <span className={styles['creator-card__tag']}>Demo</span> : null}
      </div>
      <dl className={styles['creator-card__facts']}>
        <dt>Creator ID</dt>
        <dd>{creator.id}</dd>
        <dt>User ID</dt>
        <dd>{creator.userId}</dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={creator.createdAt}>
            {Number.isNaN(created.getTime()) ? creator.createdAt : created.toLocaleString()}
          </time>
        </dd>
        <dt>Direct URL</dt>
        <dd>
          <Link to={chatPath}>{chatPath}</Link>
        </dd>
      </dl>
      <Button className={styles['creator-card__action']} onClick={() => navigate(chatPath)}>
        Go to AI Chat
      </Button>
    </li>
  );
}
