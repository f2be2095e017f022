import styles from './creator-list.module.css';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { CreatorCard } from './CreatorCard';
import { useCreators } from './useCreators';

const CREATORS_EMPTY_TEXT = 'No creators found. Initialize a TikTok creator first.';
const CREATORS_ERROR_TEXT = 'Failed to fetch creators';

/** The 'All Creators' screen (spec §2 "Creator list"). */
export function CreatorList() {
  const { status, creators, reload } = useCreators();
  return (
    <section className={styles['creator-list']} aria-labelledby="creator-list-heading">
      <h1 id="creator-list-heading">All Creators</h1>
      {status === 'loading' ? (
        <div className={styles['creator-list__state']}>
          <Spinner label="Loading creators" />
        </div>
      ) : null}
      {status === 'error' ? (
        <Banner
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={reload}>
              Try again
            </Button>
          }
        >
          {CREATORS_ERROR_TEXT}
        </Banner>
      ) : null}
      {status === 'ready' && creators.length === 0 ? (
        <p className={styles['creator-list__empty']}>{CREATORS_EMPTY_TEXT}</p>
      ) : null}
      {status === 'ready' && creators.length > 0 ? (
        <ul className={styles['creator-list__grid']}>
          {creators.map((creator) => (
            <CreatorCard key={creator.id} creator={creator} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
