import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useSessionStore } from '../session';
import { browserNavigation } from '../shell/browser-navigation';
import { DevPage } from './DevPageStates';
import styles from './developer.module.css';

/** Spec §8, word for word. */
export const SIGN_OUT_FAILED_TEXT = 'Failed to sign out. Please try again.';

/**
 * /dev/sign-out: signs the current user out on arrival (spec §4 Sign-out: only an authenticated
 * user may), then goes home; on failure says so with a Return Home button.
 */
export function SignOutPage() {
  const status = useSessionStore((state) => state.status);
  const signOut = useSessionStore((state) => state.signOut);
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || status !== 'authenticated') return;
    started.current = true;
    signOut()
      .then(({ endSessionUrl }) => {
        if (endSessionUrl) browserNavigation.leaveTo(endSessionUrl);
        else navigate('/', { replace: true });
      })
      .catch((error: unknown) => {
        console.error('Sign-out failed', error);
        setFailed(true);
      });
  }, [status, signOut, navigate]);
  return (
    <DevPage title="Sign Out" intro="Signs the current user out and returns home.">
      {failed ? (
        <div role="alert" className={styles['flags__error']}>
          <p>{SIGN_OUT_FAILED_TEXT}</p>
          <Button variant="secondary" onClick={() => navigate('/')}>
            Return Home
          </Button>
        </div>
      ) : status === 'authenticated' ? (
        <Spinner size={32} label="Signing out" />
      ) : (
        <div className={styles['dev-card']}>
          <p>
            Only a signed-in user can sign out; this session is a {status === 'guest' ? 'guest' : 'visitor'}.
          </p>
          <Button variant="secondary" onClick={() => navigate('/')}>
            Return Home
          </Button>
        </div>
      )}
    </DevPage>
  );
}
