import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import {
  ADMIN_DEMO_URL_INVALID,
  ADMIN_DEMO_URL_MISSING_AT,
  handleFromTiktokProfileUrl,
} from '@backtalk/proto/browser';
import { ApiError, createDemoAccount, startDemoAccountInit } from '../../api';
import { Banner } from '../../components/Banner';
import { Button, buttonClass } from '../../components/Button';
import { CreatorInitProgress } from '../creator/CreatorInitProgress';
import styles from './admin.module.css';

/** The texts of the admin demo flow; the first is spec §5's, word for word. */
export const CREATOR_DEMO_TEXT = {
  missingAt: ADMIN_DEMO_URL_MISSING_AT,
  invalid: ADMIN_DEMO_URL_INVALID,
  createFailed: 'Failed to create demo account',
  again: 'Create Another Demo',
} as const;

const formSchema = z.object({
  tiktokURL: z
    .string()
    .trim()
    .refine((text) => text.includes('@'), CREATOR_DEMO_TEXT.missingAt)
    .refine(
      (text) => !text.includes('@') || handleFromTiktokProfileUrl(text) !== null,
      CREATOR_DEMO_TEXT.invalid,
    ),
});
type FormValues = z.infer<typeof formSchema>;

type Phase =
  | { name: 'input' }
  | { name: 'progress'; creatorId: string; handle: string }
  | { name: 'done'; creatorId: string; handle: string };

/**
 * /admin/creator-demo (spec §2 "Admin demo flow", §4, §5, §6 Admin): an admin enters a TikTok
 * profile link, the server makes a demo creator of it and runs the creators' initialisation
 * pipeline, the page follows the 13 statuses live, and the done callback shows the done state
 * with 'Create Another Demo', which returns to the input.
 */
export function CreatorDemoPage() {
  const [phase, setPhase] = useState<Phase>({ name: 'input' });
  const queryClient = useQueryClient();
  const { creatorId, handle } = phase.name === 'input' ? { creatorId: '', handle: '' } : phase;
  const start = useCallback(() => startDemoAccountInit(creatorId), [creatorId]);
  const done = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'demo-accounts'] });
    setPhase({ name: 'done', creatorId, handle });
  }, [queryClient, creatorId, handle]);

  if (phase.name === 'progress') {
    return (
      <CreatorInitProgress
        key={phase.creatorId}
        title={`Creating demo account @${phase.handle}`}
        creatorId={phase.creatorId}
        start={start}
        onDone={done}
      />
    );
  }
  if (phase.name === 'done') {
    return (
      <section className={`page ${styles['admin']}`}>
        <h1 className={styles['admin__title']}>Demo account ready</h1>
        <p role="status">
          @{phase.handle} is a demo creator now: its posts are analysed and its AI chat is live.
        </p>
        <div className={styles['demo__row']}>
          <Link className={buttonClass('secondary')} to={`/@${phase.handle}`}>
            Open the chat
          </Link>
          <Link className={buttonClass('secondary')} to="/admin/demo-accounts">
            Demo Accounts
          </Link>
          <Button onClick={() => setPhase({ name: 'input' })}>{CREATOR_DEMO_TEXT.again}</Button>
        </div>
      </section>
    );
  }
  return (
    <DemoInput
      onStarted={(started) =>
        setPhase({ name: 'progress', creatorId: started.creatorId, handle: started.handle })
      }
    />
  );
}

function DemoInput({ onStarted }: { onStarted: (started: { creatorId: string; handle: string }) => void }) {
  const create = useMutation({ mutationFn: (tiktokURL: string) => createDemoAccount(tiktokURL) });
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onSubmit',
    defaultValues: { tiktokURL: '' },
  });
  const inputError = form.formState.errors.tiktokURL?.message;
  const submit = form.handleSubmit(async ({ tiktokURL }) => {
    try {
      const status = await create.mutateAsync(tiktokURL);
      onStarted({ creatorId: status.creatorId, handle: handleFromTiktokProfileUrl(tiktokURL) ?? '' });
    } catch (cause) {
      console.error('Error creating demo account', cause);
    }
  });
  // A refusal with its own reason (a profile nobody knows, one that is a creator) is shown as is.
  const reason =
    create.error instanceof ApiError && create.error.status >= 400 && create.error.status < 500
      ? create.error.message
      : null;
  return (
    <section className={`page ${styles['admin']}`}>
      <h1 className={styles['admin__title']}>Create Demo Account</h1>
      <p className={styles['admin__hint']}>
        Enter a TikTok profile link. Backtalk reads the profile and its videos, analyses the posts and builds
        the persona, as it does for a creator; the result is listed under Demo Accounts.
      </p>
      <form className={styles['demo__form']} noValidate onSubmit={(event) => void submit(event)}>
        <label className={styles['demo__label']} htmlFor="demo-tiktok-url">
          TikTok profile URL
        </label>
        <input
          id="demo-tiktok-url"
          className={styles['demo__input']}
          placeholder="https://www.tiktok.com/@handle"
          autoComplete="off"
          aria-invalid={!!inputError}
          {...form.register('tiktokURL', { onChange: () => create.reset() })}
        />
        {inputError ? <Banner tone="error">{inputError}</Banner> : null}
        {create.isError ? (
          <Banner tone="error">
            <p className={styles['admin__error']}>{CREATOR_DEMO_TEXT.createFailed}</p>
            {reason ? <p className={styles['admin__hint']}>{reason}</p> : null}
          </Banner>
        ) : null}
        <div className={styles['demo__row']}>
          <Button type="submit" pending={create.isPending} pendingLabel="Creating...">
            Create Demo
          </Button>
        </div>
      </form>
    </section>
  );
}
