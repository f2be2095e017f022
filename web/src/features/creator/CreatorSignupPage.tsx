import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { selectIsCreator, useSessionStore } from '../session';
import { CreatorPitch } from './CreatorPitch';
import styles from './creator.module.css';

/** Spec §9: the post-signup verification delay. */
export const VERIFY_REDIRECT_DELAY_MS = 1000;

type Answer = 'undecided' | 'yes' | 'no';

/**
 * `/creator/signup` (spec §2, §4 "Creator signup: undecided, then yes or no"). Signed-in users
 * answer the follower question; visitors and guests go to /creator/not-logged-in.
 */
export function CreatorSignupPage() {
  const status = useSessionStore((state) => state.status);
  const isCreator = useSessionStore(selectIsCreator);
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<Answer>('undecided');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  if (status === 'loading') return null;
  if (status !== 'authenticated') return <Navigate to="/creator/not-logged-in" replace />;
  if (isCreator) return <Navigate to="/creator" replace />;

  const yes = () => {
    setAnswer('yes');
    timer.current = setTimeout(() => navigate('/creator/verify'), VERIFY_REDIRECT_DELAY_MS);
  };

  return (
    <div className={`page ${styles['page']}`}>
      <CreatorPitch />
      <div className={styles['card']}>
        {answer === 'no' ? (
          <>
            <h2 className={styles['card__title']}>Not Enough Followers</h2>
            <p className={styles['subtitle']}>
              Creators need at least 2500 TikTok followers. Come back when you get there!
            </p>
            <div className={styles['row']}>
              <Button onClick={() => navigate('/')}>Return Home</Button>
            </div>
          </>
        ) : (
          <>
            <h2 className={styles['card__title']}>Do you have more than 2500 TikTok followers?</h2>
            <div className={styles['row']}>
              <Button
                onClick={yes}
                pending={answer === 'yes'}
                pendingLabel="Great! Let's verify your profile..."
              >
                Yes
              </Button>
              <Button variant="secondary" onClick={() => setAnswer('no')} disabled={answer === 'yes'}>
                No
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
