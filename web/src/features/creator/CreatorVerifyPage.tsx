import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { ApiError, checkVerification, createVerificationKey } from '../../api';
import { Button } from '../../components/Button';
import { selectIsCreator, useSessionStore } from '../session';
import { DataExportUpload } from './DataExportUpload';
import { TikTokConnect } from './TikTokConnect';
import { useContentProvidersQuery, useVerificationKeyQuery } from './useCreatorQueries';
import styles from './creator.module.css';

/** Spec §4 "Verification page". */
type Phase = 'idle' | 'checking' | 'generating' | 'verifying';

// Spec §5 and §8, word for word.
export const VERIFY_TEXT = {
  mustStartWithAt: 'TikTok user ID must start with @',
  followerUnder2500: 'Your account does not meet the minimum follower requirement of 2500 followers.',
  notVerified:
    'Verification failed. Please make sure you have added the verification key to your TikTok bio.',
  unexpected: 'Unexpected response from server.',
  generateFailed: 'Failed to generate verification key.',
  verifyFailed: 'Failed to verify profile.',
  invalidResponse: 'Invalid response from server',
  checkFailed: 'Failed to check for existing verification key',
} as const;

const formSchema = z.object({
  tikTokUserId: z
    .string()
    .trim()
    .min(1, 'Enter your TikTok user ID')
    .startsWith('@', VERIFY_TEXT.mustStartWithAt),
});
type FormValues = z.infer<typeof formSchema>;

const PROVIDER_NAMES: Record<string, string> = {
  fixture: 'Local fixture profiles',
  'tiktok-api': 'TikTok API',
  'data-export': 'TikTok data export (content only)',
};

/** A server refusal worth showing as is (a claimed or unknown profile); 5xx and network errors are not. */
function serverReason(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null;
}

/**
 * `/creator/verify`: the user names their profile, gets a key to put in the bio, and verifies.
 * An existing key is shown directly; a verified result reloads the session (the user is now a
 * creator) and goes to /creator.
 */
export function CreatorVerifyPage() {
  const isCreator = useSessionStore(selectIsCreator);
  const existing = useVerificationKeyQuery();
  const providers = useContentProvidersQuery();

  if (isCreator) return <Navigate to="/creator" replace />;

  const configured = providers.data?.providers.filter((provider) => provider.configured) ?? [];
  const notConfigured = providers.data?.providers.filter((provider) => !provider.configured) ?? [];
  const tikTokOffered = configured.some((provider) => provider.name === 'tiktok-api');
  const nameOf = (name: string) => PROVIDER_NAMES[name] ?? name;

  return (
    <div className={`page ${styles['page']}`}>
      <div>
        <h1 className={styles['title']}>Verify your TikTok profile</h1>
        <p className={styles['subtitle']}>
          Prove the profile is yours: put a key in your TikTok bio, then verify. You need at least 2500
          followers.
        </p>
      </div>
      {/* The form appears once the existing key is known and starts from it: nothing typed before
          is replaced. */}
      {existing.isPending ? (
        <div className={styles['card']}>
          <p className={styles['hint']} role="status">
            Checking for an existing key...
          </p>
        </div>
      ) : (
        <VerificationForm checkFailed={existing.isError} existing={existing.data?.verificationKey ?? null} />
      )}
      <div className={styles['card']}>
        <h2 className={styles['card__title']}>Where we read your profile</h2>
        {providers.isPending ? <p className={styles['hint']}>Loading...</p> : null}
        {providers.isError ? <p className={styles['error']}>Could not load the profile sources.</p> : null}
        {providers.data ? (
          <p className={styles['hint']} data-testid="content-providers">
            {configured.length
              ? `Available here: ${configured.map((provider) => nameOf(provider.name)).join(', ')}.`
              : 'No profile source is configured on this server.'}
            {notConfigured.length
              ? ` Not set up on this server: ${notConfigured.map((provider) => nameOf(provider.name)).join(', ')}.`
              : ''}
          </p>
        ) : null}
        {tikTokOffered ? <TikTokConnect /> : null}
        <DataExportUpload />
      </div>
    </div>
  );
}

interface VerificationFormProps {
  /** Reading the existing key failed. */
  checkFailed: boolean;
  /** The key the user already generated, if any. */
  existing: { key: string; tikTokUserId: string } | null;
}

/** The user id, the key and the verify button; starts from the existing key once it is known. */
function VerificationForm({ checkFailed, existing }: VerificationFormProps) {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('idle');
  const [key, setKey] = useState<string | null>(existing?.key ?? null);
  const [error, setError] = useState<string | null>(checkFailed ? VERIFY_TEXT.checkFailed : null);
  const [reason, setReason] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onChange',
    defaultValues: { tikTokUserId: existing?.tikTokUserId ?? '' },
  });
  const {
    control,
    subscribe,
    formState: { errors },
  } = form;
  const inputError = errors.tikTokUserId?.message;
  // useWatch, not form.watch(): the React Compiler cannot memoize a component that calls watch().
  const typed = useWatch({ control, name: 'tikTokUserId' });

  // Spec §5: a user id without '@' clears the shown key.
  useEffect(
    () =>
      subscribe({
        formState: { errors: true },
        callback: ({ errors: now }) => {
          if (now?.tikTokUserId?.message === VERIFY_TEXT.mustStartWithAt) setKey(null);
        },
      }),
    [subscribe],
  );

  const fail = (message: string, cause: unknown) => {
    setError(message);
    setReason(serverReason(cause));
  };

  const generate = form.handleSubmit(async ({ tikTokUserId }) => {
    setPhase('generating');
    setError(null);
    setReason(null);
    try {
      const reply = await createVerificationKey(tikTokUserId);
      if (typeof reply.key !== 'string') setError(VERIFY_TEXT.invalidResponse);
      else setKey(reply.key);
    } catch (cause) {
      fail(VERIFY_TEXT.generateFailed, cause);
    } finally {
      setPhase('idle');
    }
  });

  const verify = async () => {
    setPhase('verifying');
    setError(null);
    setReason(null);
    try {
      const { outcome } = await checkVerification();
      if (outcome === 'VERIFIED') {
        await useSessionStore.getState().bootstrap();
        navigate('/creator');
        return;
      }
      if (outcome === 'FOLLOWER_UNDER_2500') setError(VERIFY_TEXT.followerUnder2500);
      else if (outcome === 'NOT_VERIFIED') setError(VERIFY_TEXT.notVerified);
      else setError(VERIFY_TEXT.unexpected);
    } catch (cause) {
      fail(VERIFY_TEXT.verifyFailed, cause);
    }
    setPhase('idle');
  };

  const generateDisabled = !typed?.trim() || !!inputError || phase !== 'idle';

  return (
    <form className={styles['card']} onSubmit={(event) => void generate(event)} noValidate>
      <div className={styles['field']}>
        <label className={styles['label']} htmlFor="tiktok-user-id">
          TikTok user ID
        </label>
        <input
          id="tiktok-user-id"
          className={styles['input']}
          placeholder="@yourhandle"
          autoComplete="off"
          aria-invalid={!!inputError}
          aria-describedby={inputError ? 'tiktok-user-id-error' : undefined}
          {...form.register('tikTokUserId')}
        />
        {inputError ? (
          <p id="tiktok-user-id-error" className={styles['error']} role="alert">
            {inputError}
          </p>
        ) : null}
      </div>
      <div className={styles['row']}>
        <Button
          type="submit"
          disabled={generateDisabled}
          pending={phase === 'generating'}
          pendingLabel="Generating key..."
        >
          Generate Key
        </Button>
      </div>
      {key ? (
        <>
          <p className={styles['hint']}>Add this key anywhere in your TikTok bio, save it, then verify:</p>
          <div className={styles['key']} data-testid="verification-key">
            {key}
          </div>
          <div className={styles['row']}>
            <Button
              onClick={() => void verify()}
              disabled={phase !== 'idle'}
              pending={phase === 'verifying'}
              pendingLabel="Verifying profile..."
            >
              Verify Profile
            </Button>
          </div>
        </>
      ) : null}
      {error ? (
        <div role="alert">
          <p className={styles['error']}>{error}</p>
          {reason ? <p className={styles['hint']}>{reason}</p> : null}
        </div>
      ) : null}
    </form>
  );
}
