import { OAuthErrorMessage, type OAuthErrorReason } from '@backtalk/proto/browser';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { i18n } from '../../i18n/i18n';
import { en } from '../../i18n/locales/en';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { PasskeySignInButton } from '../passkeys/PasskeySignInButton';
import { useSessionStore } from '../session';
import { ConfirmSignUp } from './ConfirmSignUp';
import { FederatedButtons } from './FederatedButtons';
import { ForceNewPassword } from './ForceNewPassword';
import { ConfirmSignIn, SelectMfaType, SetupEmail, SetupTotp } from './MfaSteps';
import { ConfirmResetPassword, ForgotPassword } from './PasswordReset';
import {
  clearGuestFlag,
  postSignInPath,
  recordPreviousPath,
  forgetPostSignInPath,
  initialTab,
} from './sign-in-entry';
import { SignInForm } from './SignInForm';
import { applyReply, type Screen, useSignInFlow } from './sign-in.store';
import { SignUpForm } from './SignUpForm';
import { useAuthProviders } from './useAuthProviders';
import { ConfirmVerifyUser, VerifyUser } from './VerifyContact';
import styles from './sign-in.module.css';

/** Spec §9: the redirect after authentication waits 100 ms. */
export const SIGN_IN_REDIRECT_DELAY_MS = 100;
export const SIGN_OUT_FAILED_MESSAGE = en.signIn.signOutFailed;

/**
 * /sign-in (spec §2 "Authentication screens"). On entry it records the previous path, signs out a
 * signed-in session and clears the guest flag (a guest's session stays: its token goes with
 * sign-up and sign-in, so the guest's chats move to the account). After authentication it goes
 * back to the recorded path after 100 ms, unless that is /sign-in.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const status = useSessionStore((state) => state.status);
  const screen = useSignInFlow((state) => state.screen);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const entry = useSignInFlow((state) => state.entry);
  const entered = useRef(false);
  const returnTo = params.get('returnTo') ?? undefined;

  // Each visit starts at signIn. Refs, not effect cleanups: StrictMode's simulated remount keeps
  // refs, so the reset and the entry below run once per visit.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    useSignInFlow.getState().reset();
    if (initialTab(params) === 'signUp') useSignInFlow.getState().show({ step: 'signUp' });
  }, [params]);

  useEffect(() => {
    if (entered.current || status === 'loading') return;
    entered.current = true;
    recordPreviousPath();
    clearGuestFlag();
    const { show, setEntry } = useSignInFlow.getState();
    const oauth = params.get('oauth');
    if (oauth === 'done') {
      void completeOAuthSignIn().then((ok) =>
        ok ? show({ step: 'done' }) : show({ step: 'signIn', error: i18n.t('signIn.oauthNotCompleted') }),
      );
      setEntry('ready');
      return;
    }
    if (oauth === 'error') {
      const reason = params.get('reason') as OAuthErrorReason | null;
      show({
        step: 'signIn',
        error: (reason && OAuthErrorMessage[reason]) || OAuthErrorMessage.provider_error,
      });
    }
    if (status !== 'authenticated') {
      setEntry('ready');
      return;
    }
    // Spec §2: an existing session is signed out first (only one signed-in user per browser).
    useSessionStore
      .getState()
      .signOut()
      .then(
        () => setEntry('ready'),
        () => setEntry('signOutFailed'),
      );
  }, [status, params]);

  useEffect(() => {
    if (screen.step !== 'done') return;
    const timer = setTimeout(() => {
      const target = postSignInPath(returnTo);
      forgetPostSignInPath();
      navigate(target, { replace: true });
    }, SIGN_IN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [screen.step, returnTo, navigate]);

  return (
    <div className={`page ${styles['page']}`}>
      <div className={styles['card']}>
        {/* The page's title for screen readers; the card shows its tabs or the step's own heading (h2). */}
        <h1 className="visually-hidden">{t('signIn.pageTitle')}</h1>
        {entry === 'waiting' ? (
          <div className={styles['centered']}>
            <Spinner label={t('signIn.loading')} />
          </div>
        ) : entry === 'signOutFailed' ? (
          <div className={styles['centered']}>
            <p role="alert" className={styles['form-error']}>
              {t('signIn.signOutFailed')}
            </p>
            <Button onClick={() => navigate('/')}>{t('signIn.returnHome')}</Button>
          </div>
        ) : (
          <StepView screen={screen} />
        )}
      </div>
    </div>
  );
}

async function completeOAuthSignIn(): Promise<boolean> {
  const session = useSessionStore.getState();
  // The page load's bootstrap normally picked up the cookie's new session already.
  if (session.status !== 'authenticated') await session.refresh();
  return useSessionStore.getState().status === 'authenticated';
}

function StepView({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  const providers = useAuthProviders();
  const min = providers.passwordMinLength;
  switch (screen.step) {
    case 'signIn':
    case 'signUp':
      return <SignInTabs screen={screen} />;
    case 'confirmSignUp':
      return (
        <ConfirmSignUp email={screen.email} codeDelivery={screen.codeDelivery} challenge={screen.challenge} />
      );
    case 'confirmSignIn':
      return (
        <ConfirmSignIn
          method={screen.method}
          codeDelivery={screen.codeDelivery}
          challenge={screen.challenge}
        />
      );
    case 'setupTotp':
      return <SetupTotp secret={screen.secret} otpauthUri={screen.otpauthUri} challenge={screen.challenge} />;
    case 'setupEmail':
      return <SetupEmail challenge={screen.challenge} />;
    case 'selectMfaType':
      return <SelectMfaType allowed={screen.allowed} challenge={screen.challenge} />;
    case 'forceNewPassword':
      return <ForceNewPassword challenge={screen.challenge} passwordMinLength={min} />;
    case 'forgotPassword':
      return <ForgotPassword email={screen.email} />;
    case 'confirmResetPassword':
      return (
        <ConfirmResetPassword
          email={screen.email}
          codeDelivery={screen.codeDelivery}
          passwordMinLength={min}
        />
      );
    case 'verifyUser':
      return <VerifyUser unverified={screen.unverified} />;
    case 'confirmVerifyUser':
      return <ConfirmVerifyUser attribute={screen.attribute} codeDelivery={screen.codeDelivery} />;
    case 'done':
      return (
        <div className={styles['centered']}>
          <Spinner label={t('signIn.signingYouIn')} />
        </div>
      );
  }
}

/** The Sign In and Sign Up tabs, with the federated and passkey buttons. */
function SignInTabs({ screen }: { screen: Extract<Screen, { step: 'signIn' | 'signUp' }> }) {
  const { t } = useTranslation();
  const show = useSignInFlow((state) => state.show);
  const providers = useAuthProviders();
  const mode = screen.step;
  const returnTo = postSignInPath(undefined);
  const tab = (value: 'signIn' | 'signUp', label: string) => (
    <button
      type="button"
      role="tab"
      id={`tab-${value}`}
      aria-selected={mode === value}
      aria-controls={`panel-${value}`}
      className={`${styles['tabs__tab']}${mode === value ? ` ${styles['tabs__tab--active']}` : ''}`}
      onClick={() => show({ step: value })}
    >
      {label}
    </button>
  );
  return (
    <>
      <div role="tablist" className={styles['tabs']}>
        {tab('signIn', t('common.signIn'))}
        {tab('signUp', t('common.signUp'))}
      </div>
      <div role="tabpanel" id={`panel-${mode}`} aria-labelledby={`tab-${mode}`} className={styles['panel']}>
        {screen.step === 'signIn' && screen.error ? (
          <p role="alert" className={styles['form-error']}>
            {screen.error}
          </p>
        ) : null}
        {screen.step === 'signIn' && screen.notice ? (
          <p role="status" className={styles['notice']}>
            {screen.notice}
          </p>
        ) : null}
        {mode === 'signIn' ? (
          <SignInForm email={screen.step === 'signIn' ? screen.email : undefined} />
        ) : (
          <SignUpForm passwordMinLength={providers.passwordMinLength} />
        )}
        {providers.oauth.length || providers.passkeys ? (
          <div className={styles['divider']}>{t('signIn.or')}</div>
        ) : null}
        <FederatedButtons
          providers={providers.oauth}
          mode={mode}
          returnTo={returnTo === '/' ? undefined : returnTo}
        />
        {providers.passkeys ? (
          <PasskeySignInButton className={styles['passkey']} onSignedIn={(reply) => applyReply(reply)} />
        ) : null}
      </div>
    </>
  );
}
