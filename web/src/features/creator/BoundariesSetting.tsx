import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOUNDARY_DECLINE_MAX_LENGTH,
  BOUNDARY_MAX_COUNT,
  BOUNDARY_PREVIEW_QUESTION_MAX_LENGTH,
  BOUNDARY_TOPIC_MAX_LENGTH,
  DEFAULT_BOUNDARY_DECLINE,
} from '@backtalk/proto/browser';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { type BoundaryInput, type BoundaryPreview, useBoundaryPreviewMutation } from '../../api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { declineReason } from './decline-reason';
import { useMyCreatorQuery } from './useCreatorQueries';
import { usePersonaDraftMutations, usePersonaDraftQuery } from './preview/usePreviewQueries';
import styles from './creator.module.css';
import own from './boundaries.module.css';

const oneLine = (text: string) => !/[\r\n]/.test(text);
const rowSchema = z.object({
  topic: z
    .string()
    .trim()
    .min(1, 'Write a topic, or remove this row.')
    .max(BOUNDARY_TOPIC_MAX_LENGTH, `Keep a topic under ${BOUNDARY_TOPIC_MAX_LENGTH} characters.`)
    .refine(oneLine, 'Keep a topic on one line.'),
  decline: z
    .string()
    .trim()
    .max(BOUNDARY_DECLINE_MAX_LENGTH, `Keep the decline under ${BOUNDARY_DECLINE_MAX_LENGTH} characters.`)
    .refine(oneLine, 'Keep the decline on one line.'),
});
const schema = z.object({
  boundaries: z
    .array(rowSchema)
    .max(BOUNDARY_MAX_COUNT, `List at most ${BOUNDARY_MAX_COUNT} topics.`)
    .superRefine((rows, context) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const key = row.topic.toLowerCase();
        if (key && seen.has(key))
          context.addIssue({
            code: 'custom',
            path: [index, 'topic'],
            message: 'This topic is listed twice.',
          });
        seen.add(key);
      });
    }),
});
type Values = z.input<typeof schema>;

const questionSchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, 'Type a question a fan might ask.')
    .max(
      BOUNDARY_PREVIEW_QUESTION_MAX_LENGTH,
      `Keep the question under ${BOUNDARY_PREVIEW_QUESTION_MAX_LENGTH} characters.`,
    ),
});
type QuestionValues = z.input<typeof questionSchema>;

/** The form's rows as the API takes them: an empty decline means the default one. */
function toInput(rows: Values['boundaries']): BoundaryInput[] {
  return rows.map(({ topic, decline }) => ({
    topic: topic.trim(),
    ...(decline.trim() ? { decline: decline.trim() } : {}),
  }));
}

/**
 * Topics the creator's persona must not discuss, each with an optional decline, and a preview of
 * a fan question against them as edited (docs/safety.md, "Creator boundaries"). On
 * /creator/tools, beside the prompt. Like the prompt, a save goes to the draft (docs/creators.md,
 * "Drafts, preview and publish"): fans get the topics once the draft is published on /creator/preview.
 */
export function BoundariesSetting() {
  const creator = useMyCreatorQuery();
  if (creator.isPending) return <Spinner label="Loading boundaries" />;
  if (creator.isError || !creator.data) return <Banner tone="error">Error loading creator info</Banner>;
  return <BoundariesLoader creatorId={creator.data.id} />;
}

function BoundariesLoader({ creatorId }: { creatorId: string }) {
  const draft = usePersonaDraftQuery();
  if (draft.isPending) return <Spinner label="Loading boundaries" />;
  if (draft.isError)
    return <Banner tone="error">Error loading your boundaries. Reload the page to try again.</Banner>;
  return (
    <BoundariesForm
      creatorId={creatorId}
      saved={draft.data.draft.boundaries}
      unpublished={draft.data.changed.boundaries}
    />
  );
}

function BoundariesForm({
  creatorId,
  saved,
  unpublished,
}: {
  creatorId: string;
  /** The draft's topics (the published ones while the draft does not change them). */
  saved: BoundaryInput[];
  unpublished: boolean;
}) {
  const { save } = usePersonaDraftMutations();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { boundaries: saved.map(({ topic, decline }) => ({ topic, decline: decline ?? '' })) },
  });
  const { control, reset, formState } = form;
  const rows = useFieldArray({ control, name: 'boundaries' });
  // By value: a prompt save answers the whole draft again, which must not drop unsaved topic edits.
  const savedRows = JSON.stringify(saved);
  useEffect(() => {
    const list = JSON.parse(savedRows) as BoundaryInput[];
    reset({ boundaries: list.map(({ topic, decline }) => ({ topic, decline: decline ?? '' })) });
  }, [savedRows, reset]);
  const submit = form.handleSubmit(({ boundaries }) => save.mutate({ boundaries: toInput(boundaries) }));
  const errors = formState.errors.boundaries;
  const full = rows.fields.length >= BOUNDARY_MAX_COUNT;

  /** The rows as edited, once they are valid (the preview tries them before they are saved). */
  const edited = async (): Promise<BoundaryInput[] | null> =>
    (await form.trigger('boundaries')) ? toInput(form.getValues('boundaries')) : null;

  return (
    <section className={styles['card']} aria-labelledby="boundaries-title">
      <form className={styles['field']} onSubmit={(event) => void submit(event)} noValidate>
        <h2 className={styles['card__title']} id="boundaries-title">
          Topics your persona won&apos;t discuss
        </h2>
        <p className={styles['hint']}>
          Your persona will not talk about these topics, whatever a fan asks. Each reply is checked, and one
          that crosses a topic is replaced by your decline. Without a decline of your own, fans read: “
          {DEFAULT_BOUNDARY_DECLINE}”
        </p>
        {rows.fields.length === 0 ? <p className={styles['hint']}>No topics yet.</p> : null}
        <ol className={own['rows']}>
          {rows.fields.map((field, index) => (
            <li key={field.id} className={own['row']}>
              <div className={styles['field']}>
                <label className={styles['label']} htmlFor={`boundary-topic-${index}`}>
                  Topic {index + 1}
                </label>
                <input
                  id={`boundary-topic-${index}`}
                  className={styles['input']}
                  placeholder="e.g. my family"
                  aria-invalid={!!errors?.[index]?.topic}
                  {...form.register(`boundaries.${index}.topic`, { onChange: () => save.reset() })}
                />
                {errors?.[index]?.topic ? (
                  <p className={styles['error']} role="alert">
                    {errors[index].topic.message}
                  </p>
                ) : null}
              </div>
              <div className={styles['field']}>
                <label className={styles['label']} htmlFor={`boundary-decline-${index}`}>
                  How to decline (optional)
                </label>
                <input
                  id={`boundary-decline-${index}`}
                  className={styles['input']}
                  placeholder={DEFAULT_BOUNDARY_DECLINE}
                  aria-invalid={!!errors?.[index]?.decline}
                  {...form.register(`boundaries.${index}.decline`, { onChange: () => save.reset() })}
                />
                {errors?.[index]?.decline ? (
                  <p className={styles['error']} role="alert">
                    {errors[index].decline.message}
                  </p>
                ) : null}
              </div>
              <Button
                variant="secondary"
                size="sm"
                className={own['remove']}
                aria-label={`Remove topic ${index + 1}`}
                onClick={() => {
                  save.reset();
                  rows.remove(index);
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
        {errors?.root?.message || errors?.message ? (
          <p className={styles['error']} role="alert">
            {errors.root?.message ?? errors.message}
          </p>
        ) : null}
        <div className={styles['row']}>
          <Button
            variant="secondary"
            disabled={full}
            onClick={() => {
              save.reset();
              rows.append({ topic: '', decline: '' });
            }}
          >
            Add topic
          </Button>
          <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
            Save topics
          </Button>
          {save.isSuccess ? (
            <p className={styles['success']} role="status">
              Topics saved to your draft.
            </p>
          ) : null}
          {unpublished ? (
            <p className={styles['hint']}>
              Draft, not published yet: <Link to="/creator/preview">preview and publish it</Link>.
            </p>
          ) : null}
        </div>
        {full ? <p className={styles['hint']}>You can list up to {BOUNDARY_MAX_COUNT} topics.</p> : null}
        {save.isError ? (
          <p className={styles['error']} role="alert">
            {save.error.message}
          </p>
        ) : null}
      </form>
      <BoundaryPreviewPanel creatorId={creatorId} edited={edited} />
    </section>
  );
}

const OUTCOME_LABELS: Record<BoundaryPreview['outcome'], string> = {
  answered: 'Your persona would answer:',
  declined: 'Your persona would decline:',
  replaced: "Backtalk's safety check would replace the reply with:",
  'held-back': "Backtalk's safety check would hold the question back and answer:",
};

/** Tries a fan question against the topics as edited; nothing is saved, stored or counted. */
function BoundaryPreviewPanel({
  creatorId,
  edited,
}: {
  creatorId: string;
  edited: () => Promise<BoundaryInput[] | null>;
}) {
  const preview = useBoundaryPreviewMutation(creatorId);
  const form = useForm<QuestionValues>({
    resolver: zodResolver(questionSchema),
    defaultValues: { question: '' },
  });
  const error = form.formState.errors.question?.message;
  const submit = form.handleSubmit(async ({ question }) => {
    preview.reset();
    const boundaries = await edited();
    if (boundaries) preview.mutate({ question: question.trim(), boundaries });
  });
  const result = preview.data;
  const reason = result?.outcome === 'declined' ? declineReason(result) : null;
  return (
    <form className={own['preview']} onSubmit={(event) => void submit(event)} noValidate>
      <h3 className={styles['label']}>Try it</h3>
      <p className={styles['hint']}>
        Ask what a fan might ask and see what your persona would answer with the topics above, saved or not.
        Nothing is sent to fans or kept.
      </p>
      <label className={styles['label']} htmlFor="boundary-preview-question">
        Fan question
      </label>
      <input
        id="boundary-preview-question"
        className={styles['input']}
        placeholder="e.g. How is your family doing?"
        aria-invalid={!!error}
        {...form.register('question')}
      />
      {error ? (
        <p className={styles['error']} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles['row']}>
        <Button
          type="submit"
          variant="secondary"
          pending={preview.isPending}
          pendingLabel="Asking your persona..."
        >
          Try it
        </Button>
      </div>
      {preview.isError ? (
        <p className={styles['error']} role="alert">
          {preview.error.message}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {result ? (
          <>
            <p className={styles['hint']}>
              {OUTCOME_LABELS[result.outcome]}
              {reason ? ` (${reason})` : ''}
            </p>
            <p className={`${own['answer']} ${result.outcome === 'answered' ? '' : own['answer--declined']}`}>
              {result.text}
            </p>
          </>
        ) : null}
      </div>
    </form>
  );
}
