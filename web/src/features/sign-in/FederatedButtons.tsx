import { OAuthProviderLabel } from '@backtalk/proto/browser';
import { useTranslation } from 'react-i18next';
import { oauthStartUrl, type OAuthProviderName } from '../../api';
import { buttonClass } from '../../components/Button';
import styles from './sign-in.module.css';

/**
 * 'Sign In with {provider}' / 'Sign Up with {provider}' for each provider the server has
 * configured. Each is a full-page navigation to the gateway's OAuth start route, which redirects
 * to the provider; the way back is /sign-in?oauth=done (or ?oauth=error&reason=…).
 */
export function FederatedButtons({
  providers,
  mode,
  returnTo,
}: {
  providers: OAuthProviderName[];
  mode: 'signIn' | 'signUp';
  returnTo: string | undefined;
}) {
  const { t } = useTranslation();
  if (!providers.length) return null;
  const verb = mode === 'signIn' ? t('common.signIn') : t('common.signUp');
  return (
    <div className={styles['federated']}>
      {providers.map((provider) => (
        <a
          key={provider}
          className={`${buttonClass('secondary')} ${styles['federated__button']}`}
          href={oauthStartUrl(provider, returnTo)}
        >
          {t('signIn.withProvider', { verb, provider: OAuthProviderLabel[provider] })}
        </a>
      ))}
    </div>
  );
}
