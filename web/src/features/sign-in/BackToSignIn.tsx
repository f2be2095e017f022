import { useSignInFlow } from './sign-in.store';
import styles from './sign-in.module.css';

export function BackToSignIn() {
  const show = useSignInFlow((state) => state.show);
  return (
    <button type="button" className={styles['link']} onClick={() => show({ step: 'signIn' })}>
      Back to Sign In
    </button>
  );
}
