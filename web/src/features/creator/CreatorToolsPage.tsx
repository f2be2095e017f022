import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { AudienceSetting } from './AudienceSetting';
import { BoundariesSetting } from './BoundariesSetting';
import { useCreatorPromptQuery, usePromptMutations } from './useCreatorQueries';
import {
  useInvalidatePersonaDraft,
  usePersonaDraftMutations,
  usePersonaDraftQuery,
} from './preview/usePreviewQueries';
import styles from './creator.module.css';

/** The server's bound (docs/creators.md): the prompt rides along with every chat message. */
const PROMPT_MAX_LENGTH = 4000;
const formSchema = z.object({
  creatorPrompt: z
    .string()
    .max(PROMPT_MAX_LENGTH, `Keep the prompt under ${PROMPT_MAX_LENGTH} characters.`)
    .refine((text) => text.trim().length > 0, 'Write a prompt before saving.'),
});
type FormValues = z.infer<typeof formSchema>;

/**
 * `/creator/tools` (spec §2, §6): the creator prompt editor with its saved versions. A save goes
 * to the draft (docs/creators.md, "Drafts, preview and publish"): fans get it once it is
 * published on /creator/preview. Restoring a version publishes that version at once.
 */
export function CreatorToolsPage() {
  const prompt = useCreatorPromptQuery();
  const draft = usePersonaDraftQuery();
  const { rollback } = usePromptMutations();
  const { save } = usePersonaDraftMutations();
  const rereadDraft = useInvalidatePersonaDraft();
  const [saved, setSaved] = useState(false);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), mode: 'onChange' });
  const {
    reset,
    control,
    formState: { errors },
  } = form;
  const current = draft.data?.draft.creatorPrompt;
  useEffect(() => {
    if (current !== undefined) reset({ creatorPrompt: current });
  }, [current, reset]);
  const error = errors.creatorPrompt?.message;
  // useWatch, not form.watch(): the React Compiler cannot memoize a component that calls watch().
  const length = useWatch({ control, name: 'creatorPrompt' })?.length ?? 0;

  if (prompt.isPending || draft.isPending) return <Spinner label="Loading creator info" />;
  if (prompt.isError || draft.isError) {
    return (
      <div className="page">
        <Banner tone="error">Error loading creator info</Banner>
      </div>
    );
  }

  /** Saves or restores; 'Prompt updated!' shows once the server has the new prompt. */
  const run = async (action: () => Promise<unknown>) => {
    setSaved(false);
    try {
      await action();
      setSaved(true);
    } catch (cause) {
      console.error('Error updating prompt', cause);
    }
  };
  const submit = form.handleSubmit(({ creatorPrompt }) => run(() => save.mutateAsync({ creatorPrompt })));
  const restore = (versionId: string) => run(() => rollback.mutateAsync(versionId).then(rereadDraft));

  return (
    <div className={`page ${styles['page']}`}>
      <div>
        <h1 className={styles['title']}>Customize your AI chat</h1>
        <p className={styles['subtitle']}>
          Tell your AI persona how to talk to fans. Changes are saved as a draft: try them on{' '}
          <Link to="/creator/preview">Preview</Link>, then publish them.
        </p>
      </div>
      <form className={styles['card']} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles['field']}>
          <label className={styles['label']} htmlFor="creator-prompt">
            Creator prompt
          </label>
          <textarea
            id="creator-prompt"
            className={styles['textarea']}
            aria-invalid={!!error}
            {...form.register('creatorPrompt', { onChange: () => setSaved(false) })}
          />
          <p className={styles['hint']}>
            {length} / {PROMPT_MAX_LENGTH}
          </p>
          {error ? (
            <p className={styles['error']} role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className={styles['row']}>
          <Button
            type="submit"
            disabled={!!error || save.isPending}
            pending={save.isPending}
            pendingLabel="Saving..."
          >
            Save
          </Button>
          {saved ? (
            <p className={styles['success']} role="status">
              Prompt updated!
            </p>
          ) : null}
          {draft.data.changed.creatorPrompt ? (
            <p className={styles['hint']}>
              Draft, not published yet: <Link to="/creator/preview">preview and publish it</Link>.
            </p>
          ) : null}
        </div>
        {save.isError || rollback.isError ? (
          <p className={styles['error']} role="alert">
            Failed to save prompt
          </p>
        ) : null}
      </form>
      <AudienceSetting />
      <BoundariesSetting />
      <div className={styles['card']}>
        <h2 className={styles['card__title']}>Saved versions</h2>
        {prompt.data.versions.length === 0 ? (
          <p className={styles['hint']}>No saved versions yet.</p>
        ) : (
          <ol className={styles['versions']}>
            {prompt.data.versions.map((version) => (
              <li key={version.id} className={styles['version']}>
                <strong>v{version.version}</strong>
                <span className={styles['version__text']} title={version.creatorPrompt}>
                  {version.creatorPrompt}
                </span>
                <time className={styles['hint']} dateTime={version.createdAt}>
                  {new Date(version.createdAt).toLocaleString()}
                </time>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={rollback.isPending || version.creatorPrompt === prompt.data.creatorPrompt}
                  onClick={() => void restore(version.id)}
                  aria-label={`Restore version ${version.version}`}
                >
                  Restore
                </Button>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
