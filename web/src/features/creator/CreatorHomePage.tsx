import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useOnboardingStatusQuery } from '../../api';
import { Banner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { FinishOnboardingButton } from '../payments/FinishOnboardingButton';
import { selectIsCreator, useSessionStore } from '../session';
import { CreatorInitProgress } from './CreatorInitProgress';
import { OwnChat } from './OwnChat';
import { useMyCreatorQuery } from './useCreatorQueries';
import styles from './creator.module.css';

/** Spec §9: copy confirmation. */
export const COPY_CONFIRMATION_MS = 1200;

/** `/creator` (spec §2): the creator home for creators, the creator-initialisation screen for others. */
export function CreatorHomePage() {
  const isCreator = useSessionStore(selectIsCreator);
  return isCreator ? <CreatorHome /> : <CreatorInitScreen />;
}

/** Spec §2, issue 23 item 8: the share link works for fans only once payment onboarding is complete. */
export const SHARE_AFTER_ONBOARDING_TEXT = 'Fans can open this link once you finish Stripe onboarding.';

function CreatorHome() {
  const creator = useMyCreatorQuery();
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const onboarding = useOnboardingStatusQuery(userId);
  const onboarded = onboarding.data?.status === 'complete';
  // Once the initialisation screen shows, it stays until it leads on (its last status goes to
  // Stripe sign-up): the creator refetched complete in the meantime must not swap it for the home.
  const [initialising, setInitialising] = useState(false);
  if (creator.data && !creator.data.initComplete && !initialising) setInitialising(true);
  if (creator.isPending) return <Spinner label="Loading creator" />;
  if (creator.isError || !creator.data) {
    return (
      <div className="page">
        <Banner tone="error">
          {creator.isError ? 'Error loading creator info' : 'No creator profile found'}
        </Banner>
      </div>
    );
  }
  // A verified creator whose initialisation is incomplete sees the creator-initialisation screen.
  if (!creator.data.initComplete || initialising) return <CreatorInitProgress />;
  const link = `${window.location.origin}/@${creator.data.handle}`;
  return (
    <div className={`page ${styles['page']}`}>
      <h1 className={styles['title']}>Welcome, Creator!</h1>
      <div className={styles['card']}>
        <h2 className={styles['card__title']}>Share your AI chat:</h2>
        <ShareLink link={link} />
        {onboarding.isPending || onboarded ? null : (
          <p className={styles['hint']}>{SHARE_AFTER_ONBOARDING_TEXT}</p>
        )}
      </div>
      {onboarding.isPending || onboarded ? null : <OwnChat creator={creator.data} />}
      <nav className={styles['links']} aria-label="Creator tools">
        <Link className={styles['link-card']} to="/creator/tools">
          <strong>Creator Tools</strong>
          <span className={styles['link-card__text']}>Customize your AI chat</span>
        </Link>
        <Link className={styles['link-card']} to="/creator/preview">
          <strong>Preview</strong>
          <span className={styles['link-card__text']}>Try your draft persona and publish it.</span>
        </Link>
        <Link className={styles['link-card']} to="/creator/insights">
          <strong>Insights</strong>
          <span className={styles['link-card__text']}>See what fans ask about most.</span>
        </Link>
        <Link className={styles['link-card']} to="/creator/knowledge">
          <strong>Knowledge</strong>
          <span className={styles['link-card__text']}>Check and correct what your AI knows.</span>
        </Link>
        <Link className={styles['link-card']} to="/creator/inbox">
          <strong>Inbox</strong>
          <span className={styles['link-card__text']}>Answer fans in person.</span>
        </Link>
        <Link className={styles['link-card']} to="/creator/posts">
          <strong>Posts</strong>
          <span className={styles['link-card__text']}>View the posts we&apos;ve analyzed.</span>
        </Link>
        <Link className={styles['link-card']} to="/creator/payments">
          <strong>Payments</strong>
          <span className={styles['link-card__text']}>Track your earnings and manage payout settings.</span>
        </Link>
        <Link className={styles['link-card']} to="/creator/safety">
          <strong>Safety</strong>
          <span className={styles['link-card__text']}>See reported replies and pause your persona.</span>
        </Link>
      </nav>
      <FinishOnboardingButton />
    </div>
  );
}

function ShareLink({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch (error) {
      console.error('Could not copy the link', error);
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };
  return (
    <div className={styles['row']}>
      <a className={styles['share-link']} href={link} data-testid="share-link">
        {link}
      </a>
      <Button variant="secondary" onClick={() => void copy()} aria-live="polite">
        {copied ? 'Copied!' : 'Copy'}
      </Button>
    </div>
  );
}

/**
 * The creator-initialisation screen for a signed-in user who is not a creator yet. Its live
 * progress (the 13 statuses) comes with the initialisation pipeline; until then it leads to the
 * sign-up and verification steps.
 */
function CreatorInitScreen() {
  return (
    <div className={`page ${styles['page']}`}>
      <div className={styles['card']}>
        <h1 className={styles['title']}>Set up your AI chat</h1>
        <p className={styles['subtitle']}>
          First verify that your TikTok profile is yours. Then we analyze your posts and build your persona.
        </p>
        <div className={styles['row']}>
          <Link className={buttonClass('primary')} to="/creator/signup">
            Get started
          </Link>
        </div>
      </div>
    </div>
  );
}
