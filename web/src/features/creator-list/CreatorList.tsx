import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { CreatorCard } from './CreatorCard';
import { useCreators } from './useCreators';
import './creator-list.css';

export const CREATORS_EMPTY_TEXT = 'No creators found. Initialize a TikTok creator first.';
export const CREATORS_ERROR_TEXT = 'Failed to fetch creators';

/** The 'All Creators' screen (spec §2 "Creator list"). */
export function CreatorList() {
  const { status, creators, reload } = useCreators();
  return (
    <section className="creator-list" aria-labelledby="creator-list-heading">
      <h1 id="creator-list-heading">All Creators</h1>
      {status === 'loading' ? (
        <div className="creator-list__state">
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
        <p className="creator-list__empty">{CREATORS_EMPTY_TEXT}</p>
      ) : null}
      {status === 'ready' && creators.length > 0 ? (
        <ul className="creator-list__grid">
          {creators.map((creator) => (
            <CreatorCard key={creator.id} creator={creator} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
