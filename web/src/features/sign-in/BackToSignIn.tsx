import { useTranslation } from 'react-i18next';
import { useSignInFlow } from './sign-in.store';
import styles from './sign-in.module.css';

export function BackToSignIn() {
  const { t } = useTranslation();
  const show = useSignInFlow((state) => state.show);
  return (
    <button type="button" className={styles['link']} onClick={() => show({ step: 'signIn' })}>
      {t('signIn.backToSignIn')}
    </button>
  );
}
