import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { rememberSignInRedirect } from '../session';
import { CreatorPitch } from './CreatorPitch';
import styles from './creator.module.css';

/** `/creator/not-logged-in` (spec §2): the pitch and 'Sign In Required'; back to the sign-up after signing in. */
export function CreatorNotLoggedInPage() {
  const navigate = useNavigate();
  const signIn = () => {
    rememberSignInRedirect('/creator/signup');
    navigate('/sign-in');
  };
  return (
    <div className={`page ${styles['page']}`}>
      <CreatorPitch />
      <div className={styles['card']}>
        <h2 className={styles['card__title']}>Sign In Required</h2>
        <p className={styles['subtitle']}>Sign in or create an account to set up your AI chat.</p>
        <div className={styles['row']}>
          <Button onClick={signIn}>Sign In</Button>
        </div>
      </div>
    </div>
  );
}
