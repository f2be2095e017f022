import styles from './discover.module.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DiscoveredCreator } from '../../api/discover.api';
import { Avatar } from '../../components/Avatar';
import { buttonClass } from '../../components/Button';

/** A creator on `/discover`: who they are, what they post about, and the way into their chat. */
export function DiscoverCard({
  creator,
  onTopic,
}: {
  creator: DiscoveredCreator;
  onTopic(topic: string): void;
}) {
  const { t } = useTranslation();
  const nameId = `discover-${creator.id}`;
  return (
    <li className={styles['card']} aria-labelledby={nameId}>
      <div className={styles['card__top']}>
        <Avatar src={creator.thumb} name={creator.nickName} size={56} />
        <div className={styles['card__title']}>
          <h2 id={nameId} className={styles['card__name']}>
            {creator.nickName}
            {creator.verified ? (
              <span className={styles['card__verified']} title={t('discover.verifiedTitle')}>
                <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
                  <circle cx="8" cy="8" r="8" fill="currentColor" />
                  <path d="M4.5 8.2l2.2 2.2 4.8-4.8" stroke="#fff" strokeWidth="1.8" fill="none" />
                </svg>
                <span className="visually-hidden">{t('discover.verified')}</span>
              </span>
            ) : null}
          </h2>
          <span className={styles['card__handle']}>@{creator.handle}</span>
        </div>
        {creator.demoAccount ? <span className={styles['card__demo']}>{t('discover.demo')}</span> : null}
      </div>
      <p className={styles['card__followers']}>{t('discover.followers', { count: creator.followerCount })}</p>
      {creator.topics.length > 0 ? (
        <ul
          className={styles['card__topics']}
          aria-label={t('discover.topicsLabel', { name: creator.nickName })}
        >
          {creator.topics.map((topic) => (
            <li key={topic}>
              <button type="button" className={styles['card__topic']} onClick={() => onTopic(topic)}>
                #{topic}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Link className={`${buttonClass('primary')} ${styles['card__chat']}`} to={`/@${creator.handle}`}>
        {t('discover.chatWith', { name: creator.nickName })}
      </Link>
    </li>
  );
}
