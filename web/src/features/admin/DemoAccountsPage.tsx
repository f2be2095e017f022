import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { type DemoAccount, useDemoAccountsQuery, useUpdateDemoAccountPromptMutation } from '../../api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { countOf } from '../../formatting/plural';
import styles from './admin.module.css';

/** Spec §8, word for word. */
export const DEMO_ACCOUNT_TEXT = {
  loadFailed: 'Failed to fetch demo accounts',
  saveFailed: 'Failed to save prompt',
  saved: 'Prompt updated!',
  empty: 'No demo accounts yet.',
} as const;

/** The server's bound (docs/creators.md): the prompt rides along with every chat message. */
const PROMPT_MAX_LENGTH = 4000;
const promptSchema = z.object({
  creatorPrompt: z
    .string()
    .max(PROMPT_MAX_LENGTH, `Keep the prompt under ${PROMPT_MAX_LENGTH} characters.`)
    .refine((text) => text.trim().length > 0, 'Write a prompt before saving.'),
});
type PromptValues = z.infer<typeof promptSchema>;

/** /admin/demo-accounts (spec §2, §6 Admin): every demo creator with its prompt, editable. */
export function DemoAccountsPage() {
  const demos = useDemoAccountsQuery();
  return (
    <section className={`page ${styles['admin']}`}>
      <h1 className={styles['admin__title']}>Demo Accounts</h1>
      <p className={styles['admin__hint']}>
        The demo creators and the prompts their AI personas follow. A save is kept as a new prompt version.
      </p>
      {demos.isPending ? <Spinner label="Loading demo accounts" /> : null}
      {demos.isError ? (
        <Banner
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void demos.refetch()}>
              Try again
            </Button>
          }
        >
          {DEMO_ACCOUNT_TEXT.loadFailed}
        </Banner>
      ) : null}
      {demos.data?.demoAccounts.length === 0 ? (
        <p className={styles['admin__hint']}>{DEMO_ACCOUNT_TEXT.empty}</p>
      ) : null}
      {demos.data && demos.data.demoAccounts.length > 0 ? (
        <ul className={styles['demos']} aria-label="Demo accounts">
          {demos.data.demoAccounts.map((demo) => (
            <DemoAccountCard key={demo.creatorId} demo={demo} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DemoAccountCard({ demo }: { demo: DemoAccount }) {
  const save = useUpdateDemoAccountPromptMutation();
  const [saved, setSaved] = useState(false);
  const form = useForm<PromptValues>({
    resolver: zodResolver(promptSchema),
    mode: 'onChange',
    values: { creatorPrompt: demo.creatorPrompt },
  });
  const error = form.formState.errors.creatorPrompt?.message;
  const fieldId = `demo-prompt-${demo.creatorId}`;
  const submit = form.handleSubmit(async ({ creatorPrompt }) => {
    setSaved(false);
    try {
      await save.mutateAsync({ creatorId: demo.creatorId, creatorPrompt });
      setSaved(true);
    } catch (cause) {
      console.error('Error updating prompt', cause);
    }
  });
  return (
    <li className={styles['demo']} aria-label={demo.nickName}>
      <div className={styles['demo__head']}>
        <img className={styles['demo__thumb']} src={demo.thumb} alt="" width={48} height={48} />
        <div>
          <p className={styles['demo__name']}>{demo.nickName}</p>
          <Link to={`/@${demo.handle}`}>/@{demo.handle}</Link>
        </div>
      </div>
      <form className={styles['demo__form']} noValidate onSubmit={(event) => void submit(event)}>
        <label className={styles['demo__label']} htmlFor={fieldId}>
          Creator prompt
        </label>
        <textarea
          id={fieldId}
          className={styles['demo__prompt']}
          aria-invalid={!!error}
          {...form.register('creatorPrompt', { onChange: () => setSaved(false) })}
        />
        <p className={styles['admin__hint']}>
          {demo.promptUpdatedAt
            ? `Saved ${new Date(demo.promptUpdatedAt).toLocaleString()} · ${countOf(demo.promptVersions, { one: 'version', other: 'versions' })}`
            : 'The seeded prompt, never edited'}
        </p>
        {error ? (
          <p className={styles['admin__error']} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles['demo__row']}>
          <Button
            type="submit"
            size="sm"
            disabled={!!error}
            pending={save.isPending}
            pendingLabel="Saving..."
          >
            Save
          </Button>
          {saved ? <p role="status">{DEMO_ACCOUNT_TEXT.saved}</p> : null}
        </div>
        {save.isError ? (
          <p className={styles['admin__error']} role="alert">
            {DEMO_ACCOUNT_TEXT.saveFailed}
          </p>
        ) : null}
      </form>
    </li>
  );
}
