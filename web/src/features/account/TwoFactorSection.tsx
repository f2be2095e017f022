import { AuthenticatorKey } from '../mfa/AuthenticatorKey';
import { type ReactNode, useState } from 'react';
import {
  type CodeDelivery,
  type MfaMethod,
  type MfaSettings,
  type TotpSetup,
  useConfirmEmailMfaMutation,
  useConfirmTotpMutation,
  useDisableMfaMutation,
  useMfaSettingsQuery,
  useConfirmSmsMfaMutation,
  useSendMfaEmailCodeMutation,
  useSendMfaSmsCodeMutation,
  useStartEmailMfaMutation,
  useStartSmsMfaMutation,
  useStartTotpMutation,
} from '../../api';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import styles from './account.module.css';
import { errorText } from './account-format';
import { AccountSection } from './AccountSection';
import { CodeForm } from './CodeForm';

/** Spec §2: the QR code of the authenticator URI is 228×228. */
const CODE_ARRIVAL_TEXT = 'It may take a minute to arrive';
const METHOD_LABEL: Record<MfaMethod, string> = {
  TOTP: 'Authenticator app',
  SMS: 'Text message codes',
  EMAIL: 'Email codes',
};

/**
 * Two-factor sign-in (spec §2 "Multi-Factor Authentication Setup"): which factors are on, and the
 * ones this account can turn on (an authenticator app with its QR code, text message codes to a
 * verified phone number, email codes) or off
 * (with a fresh code of that factor; not the last one when MFA_REQUIRED).
 */
export function TwoFactorSection({ userId }: { userId: string }) {
  const settings = useMfaSettingsQuery(userId);
  return (
    <AccountSection
      title="Multi-Factor Authentication"
      description="Ask for a code as well as your password when you sign in."
    >
      {settings.isPending ? (
        <Spinner size={32} label="Loading two-factor settings" />
      ) : settings.isError ? (
        <div role="alert" className={styles['list-error']}>
          <p>Could not load your two-factor settings: {errorText(settings.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <MfaMethods userId={userId} settings={settings.data} />
      )}
    </AccountSection>
  );
}

function MfaMethods({ userId, settings }: { userId: string; settings: MfaSettings }) {
  const methods = (['TOTP', 'SMS', 'EMAIL'] as const).filter(
    (method) => settings.enabled.includes(method) || settings.available.includes(method),
  );
  const onlyOneOn = settings.enabled.length === 1;
  return (
    <>
      <p className={styles['mfa__status']} data-testid="mfa-status">
        {settings.enabled.length
          ? `On: ${settings.enabled.map((method) => METHOD_LABEL[method as MfaMethod] ?? method).join(', ')}`
          : 'Off: signing in asks for your password only.'}
        {settings.required ? ' Two-factor sign-in is required on this site.' : ''}
      </p>
      {!methods.includes('SMS') ? (
        <p className={styles['field__hint']} data-testid="mfa-sms-hint">
          Text message codes need a verified phone number on the account (see Profile above).
        </p>
      ) : null}
      {methods.length === 0 ? (
        <p className={styles['list-empty']}>This site offers no second factors.</p>
      ) : (
        <ul className={styles['list']} aria-label="Second factors">
          {methods.map((method) => (
            <li key={method} className={styles['mfa__method']}>
              {method === 'TOTP' ? (
                <TotpMethod
                  userId={userId}
                  enabled={settings.enabled.includes('TOTP')}
                  canTurnOff={!(settings.required && onlyOneOn)}
                />
              ) : (
                <SentCodeMethod
                  method={method}
                  userId={userId}
                  enabled={settings.enabled.includes(method)}
                  destination={method === 'EMAIL' ? settings.emailDestination : settings.smsDestination}
                  canTurnOff={!(settings.required && onlyOneOn)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A button that starts one step of a factor's setup, with the step's failure under it. */
function ActionButton({
  action,
  pendingLabel,
  onClick,
  children,
}: {
  action: { isPending: boolean; isError: boolean; error: unknown };
  pendingLabel: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={onClick}
        pending={action.isPending}
        pendingLabel={pendingLabel}
      >
        {children}
      </Button>
      {action.isError ? (
        <p role="alert" className={styles['field__error']}>
          {errorText(action.error)}
        </p>
      ) : null}
    </>
  );
}

function MethodHeader({ method, enabled }: { method: MfaMethod; enabled: boolean }) {
  return (
    <p className={styles['list__title']}>
      {METHOD_LABEL[method]}
      <span className={`${styles['state']} ${styles[enabled ? 'state--on' : 'state--off']}`}>
        {enabled ? 'On' : 'Off'}
      </span>
    </p>
  );
}

function TotpMethod({
  userId,
  enabled,
  canTurnOff,
}: {
  userId: string;
  enabled: boolean;
  canTurnOff: boolean;
}) {
  const start = useStartTotpMutation();
  const confirm = useConfirmTotpMutation(userId);
  const disable = useDisableMfaMutation(userId);
  const [turningOff, setTurningOff] = useState(false);
  const setup = start.data && !confirm.isSuccess ? start.data : null;

  if (enabled) {
    return (
      <div className={styles['mfa__body']}>
        <MethodHeader method="TOTP" enabled />
        {!canTurnOff ? (
          <p className={styles['field__hint']}>Your only second factor cannot be turned off here.</p>
        ) : turningOff ? (
          <CodeForm
            label="Code from your authenticator app"
            submitLabel="Turn off"
            pendingLabel="Turning off…"
            pending={disable.isPending}
            error={disable.error}
            onSubmit={(code) =>
              disable.mutate({ method: 'TOTP', code }, { onSuccess: () => setTurningOff(false) })
            }
            onCancel={() => setTurningOff(false)}
          />
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setTurningOff(true)}>
            Turn off authenticator app
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className={styles['mfa__body']}>
      <MethodHeader method="TOTP" enabled={false} />
      {setup ? (
        <TotpSetupPanel
          setup={setup}
          pending={confirm.isPending}
          error={confirm.error}
          onConfirm={(code) => confirm.mutate(code)}
          onCancel={() => {
            start.reset();
            confirm.reset();
          }}
        />
      ) : (
        <ActionButton
          action={start}
          pendingLabel="Starting…"
          onClick={() => {
            confirm.reset();
            start.mutate();
          }}
        >
          Set up authenticator app
        </ActionButton>
      )}
    </div>
  );
}

/** Spec §2 setupTotp: the 228×228 QR code of the otpauth URI, the secret with COPY/COPIED, and the first code. */
function TotpSetupPanel({
  setup,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  setup: TotpSetup;
  pending: boolean;
  error: unknown;
  onConfirm(code: string): void;
  onCancel(): void;
}) {
  return (
    <div className={styles['totp']}>
      <h3 className={styles['totp__title']}>Multi-Factor Authentication Setup</h3>
      <p className={styles['field__hint']}>
        Scan the QR code with your authenticator app, or enter the secret by hand. Then type the code it
        shows.
      </p>
      <AuthenticatorKey secret={setup.secret} otpauthUri={setup.otpauthUri} />
      <CodeForm
        label="Code from your authenticator app"
        submitLabel="Confirm"
        pendingLabel="Confirming"
        pending={pending}
        error={error}
        onSubmit={onConfirm}
        onCancel={onCancel}
      />
    </div>
  );
}

/** The words of a factor whose codes are sent (EMAIL or SMS). */
const SENT_CODE_TEXT = {
  EMAIL: { codeLabel: 'Code from the email', turnOn: 'Turn on email codes', turnOff: 'Turn off email codes' },
  SMS: {
    codeLabel: 'Code from the text message',
    turnOn: 'Turn on text message codes',
    turnOff: 'Turn off text message codes',
  },
} as const;

/**
 * A factor whose codes are sent: turned on with a code sent to its destination, off with a fresh
 * one. Email codes go to the account's address, text messages to its verified phone number.
 */
function SentCodeMethod({
  method,
  userId,
  enabled,
  destination,
  canTurnOff,
}: {
  method: 'EMAIL' | 'SMS';
  userId: string;
  enabled: boolean;
  destination: string | null;
  canTurnOff: boolean;
}) {
  const email = method === 'EMAIL';
  const sendSetupCode = (email ? useStartEmailMfaMutation : useStartSmsMfaMutation)();
  const confirm = (email ? useConfirmEmailMfaMutation : useConfirmSmsMfaMutation)(userId);
  const sendOffCode = (email ? useSendMfaEmailCodeMutation : useSendMfaSmsCodeMutation)();
  const disable = useDisableMfaMutation(userId);
  const text = SENT_CODE_TEXT[method];
  const sent = (delivery: CodeDelivery | undefined) =>
    delivery ? `Sent to ${delivery.destination}. ${CODE_ARRIVAL_TEXT}` : undefined;

  if (enabled) {
    return (
      <div className={styles['mfa__body']}>
        <MethodHeader method={method} enabled />
        {destination ? <p className={styles['list__meta']}>Codes go to {destination}</p> : null}
        {!canTurnOff ? (
          <p className={styles['field__hint']}>Your only second factor cannot be turned off here.</p>
        ) : sendOffCode.isSuccess ? (
          <CodeForm
            label={text.codeLabel}
            submitLabel="Turn off"
            pendingLabel="Turning off…"
            pending={disable.isPending}
            error={disable.error}
            hint={sent(sendOffCode.data)}
            onSubmit={(code) => disable.mutate({ method, code }, { onSuccess: () => sendOffCode.reset() })}
            onCancel={() => sendOffCode.reset()}
          />
        ) : (
          <ActionButton
            action={sendOffCode}
            pendingLabel="Sending code…"
            onClick={() => sendOffCode.mutate()}
          >
            {text.turnOff}
          </ActionButton>
        )}
      </div>
    );
  }

  return (
    <div className={styles['mfa__body']}>
      <MethodHeader method={method} enabled={false} />
      {!email && destination ? <p className={styles['list__meta']}>Codes will go to {destination}</p> : null}
      {sendSetupCode.isSuccess && !confirm.isSuccess ? (
        <CodeForm
          label={text.codeLabel}
          submitLabel="Confirm"
          pendingLabel="Confirming"
          pending={confirm.isPending}
          error={confirm.error}
          hint={sent(sendSetupCode.data)}
          onSubmit={(code) => confirm.mutate(code)}
          onCancel={() => {
            sendSetupCode.reset();
            confirm.reset();
          }}
        />
      ) : (
        <ActionButton
          action={sendSetupCode}
          pendingLabel="Sending code…"
          onClick={() => {
            confirm.reset();
            sendSetupCode.mutate();
          }}
        >
          {text.turnOn}
        </ActionButton>
      )}
    </div>
  );
}
