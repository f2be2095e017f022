import { zodResolver } from '@hookform/resolvers/zod';
import {
  CORRECTED_ANSWER_MAX_LENGTH,
  CORRECTED_QUESTION_MAX_LENGTH,
  NOTE_TEXT_MAX_LENGTH,
  NOTE_TITLE_MAX_LENGTH,
} from '@backtalk/proto/browser';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import {
  deleteAnswer,
  deleteNote,
  type Knowledge,
  type KnowledgePost,
  reindexKnowledge,
  saveAnswer,
  saveNote,
  setPostExcluded,
} from '../../../api/knowledge.api';
import { useKnowledgeMutation, useKnowledgeQuery } from '../../../api/knowledge.queries';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { formatPostDate } from '../../chat/format-time';
import { LoadFailedBanner } from '../../admin/reports/LoadFailedBanner';
import { useMyCreatorQuery } from '../useCreatorQueries';
import styles from './knowledge.module.css';

export const KNOWLEDGE_TEXT = {
  title: 'Knowledge',
  hint: 'What your persona may know. Changes apply to your persona at once: corrected answers come first and are quoted word for word, cited as answered by you.',
  loadFailed: 'Failed to fetch your knowledge',
  ready: 'Your persona knows all of this.',
  answers: 'Corrected answers',
  answersEmpty:
    'No corrected answers yet. Correct an answer and your persona will give yours whenever a fan asks.',
  notes: 'Notes',
  notesEmpty: 'No notes yet. Add FAQs, facts about you or links your persona should know.',
  posts: 'Posts',
  postsHint: 'An excluded post is never used or cited, and stays excluded when new posts sync.',
  postsEmpty: 'No posts yet.',
  reindex: 'Re-index',
} as const;

/** Two fields and a save: a corrected answer (question, answer) or a note (title, text). */
interface EntryFields {
  first: { name: string; label: string; max: number; multiline?: boolean };
  second: { name: string; label: string; max: number };
  save: string;
}
const ANSWER_FIELDS: EntryFields = {
  first: { name: 'question', label: 'Question', max: CORRECTED_QUESTION_MAX_LENGTH },
  second: { name: 'answer', label: 'Your answer', max: CORRECTED_ANSWER_MAX_LENGTH },
  save: 'Save answer',
};
const NOTE_FIELDS: EntryFields = {
  first: { name: 'title', label: 'Title', max: NOTE_TITLE_MAX_LENGTH },
  second: { name: 'text', label: 'Note', max: NOTE_TEXT_MAX_LENGTH },
  save: 'Save note',
};

/** /creator/knowledge (docs/creators.md, "Knowledge"). `?correct=<question>` opens "Correct this" with it. */
export function CreatorKnowledgePage() {
  const creator = useMyCreatorQuery();
  const creatorId = creator.data?.id ?? null;
  const knowledge = useKnowledgeQuery(creatorId);
  const [params] = useSearchParams();
  const correct = params.get('correct');
  const data = knowledge.data;
  return (
    <section className={`page ${styles['page']}`}>
      <h1>{KNOWLEDGE_TEXT.title}</h1>
      <p className={styles['meta']}>{KNOWLEDGE_TEXT.hint}</p>
      {creator.isPending || (creatorId && knowledge.isPending) ? <Spinner label="Loading knowledge" /> : null}
      {knowledge.isError ? (
        <LoadFailedBanner message={KNOWLEDGE_TEXT.loadFailed} onRetry={() => void knowledge.refetch()} />
      ) : null}
      {data && creatorId ? (
        <>
          <IndexingStatus creatorId={creatorId} knowledge={data} />
          <Answers creatorId={creatorId} knowledge={data} correct={correct} />
          <Notes creatorId={creatorId} knowledge={data} />
          <Posts creatorId={creatorId} posts={data.posts} />
        </>
      ) : null}
    </section>
  );
}

function IndexingStatus({ creatorId, knowledge }: { creatorId: string; knowledge: Knowledge }) {
  const reindex = useKnowledgeMutation(creatorId, (id: string) => reindexKnowledge(id));
  const { state, done, total } = knowledge.indexing;
  return (
    <div className={styles['status']}>
      <p role="status" data-testid="knowledge-indexing">
        {state === 'ready' ? (
          KNOWLEDGE_TEXT.ready
        ) : (
          <>
            Updating what your persona knows… {done} of {total || '…'}
            <progress max={Math.max(total, 1)} value={done} aria-label="Re-indexing progress" />
          </>
        )}
      </p>
      <Button variant="secondary" onClick={() => reindex.mutate(undefined)} disabled={reindex.isPending}>
        {KNOWLEDGE_TEXT.reindex}
      </Button>
    </div>
  );
}

function Answers({
  creatorId,
  knowledge,
  correct,
}: {
  creatorId: string;
  knowledge: Knowledge;
  correct: string | null;
}) {
  const save = useKnowledgeMutation(
    creatorId,
    (id: string, input: { values: Record<string, string>; entryId?: string }) =>
      saveAnswer(
        id,
        { question: input.values.question ?? '', answer: input.values.answer ?? '' },
        input.entryId,
      ),
  );
  const remove = useKnowledgeMutation(creatorId, deleteAnswer);
  return (
    <EntrySection
      heading={KNOWLEDGE_TEXT.answers}
      empty={KNOWLEDGE_TEXT.answersEmpty}
      addLabel="Correct this"
      fields={ANSWER_FIELDS}
      entries={knowledge.answers.map((entry) => ({
        id: entry.id,
        first: entry.question,
        second: entry.answer,
      }))}
      prefill={correct}
      save={save}
      remove={remove}
    />
  );
}

function Notes({ creatorId, knowledge }: { creatorId: string; knowledge: Knowledge }) {
  const save = useKnowledgeMutation(
    creatorId,
    (id: string, input: { values: Record<string, string>; entryId?: string }) =>
      saveNote(id, { title: input.values.title ?? '', text: input.values.text ?? '' }, input.entryId),
  );
  const remove = useKnowledgeMutation(creatorId, deleteNote);
  return (
    <EntrySection
      heading={KNOWLEDGE_TEXT.notes}
      empty={KNOWLEDGE_TEXT.notesEmpty}
      addLabel="Add note"
      fields={NOTE_FIELDS}
      entries={knowledge.notes.map((entry) => ({ id: entry.id, first: entry.title, second: entry.text }))}
      prefill={null}
      save={save}
      remove={remove}
    />
  );
}

interface Entry {
  id: string;
  first: string;
  second: string;
}
type SaveMutation = ReturnType<
  typeof useKnowledgeMutation<{ values: Record<string, string>; entryId?: string }>
>;
type RemoveMutation = ReturnType<typeof useKnowledgeMutation<string>>;

function EntrySection(props: {
  heading: string;
  empty: string;
  addLabel: string;
  fields: EntryFields;
  entries: Entry[];
  prefill: string | null;
  save: SaveMutation;
  remove: RemoveMutation;
}) {
  const { heading, empty, addLabel, fields, entries, prefill, save, remove } = props;
  /** The entry being edited: 'new', an entry id, or null (the form is closed). */
  const [editing, setEditing] = useState<string | null>(prefill !== null ? 'new' : null);
  const current = entries.find((entry) => entry.id === editing);
  return (
    <section className={styles['section']} aria-label={heading}>
      <div className={styles['section-head']}>
        <h2>{heading}</h2>
        {editing === null ? (
          <Button variant="secondary" onClick={() => setEditing('new')}>
            {addLabel}
          </Button>
        ) : null}
      </div>
      {editing !== null ? (
        <EntryForm
          key={editing}
          fields={fields}
          initial={current ? [current.first, current.second] : [prefill ?? '', '']}
          pending={save.isPending}
          error={save.isError ? save.error.message : null}
          onCancel={() => setEditing(null)}
          onSave={(values) =>
            save.mutate(
              { values, ...(current ? { entryId: current.id } : {}) },
              { onSuccess: () => setEditing(null) },
            )
          }
        />
      ) : null}
      {remove.isError ? <Banner tone="error">{remove.error.message}</Banner> : null}
      {entries.length === 0 ? <p className={styles['meta']}>{empty}</p> : null}
      <ul className={styles['list']}>
        {entries.map((entry) => (
          <li key={entry.id} className={styles['card']}>
            <p className={styles['first']}>{entry.first}</p>
            <p className={styles['second']}>{entry.second}</p>
            <div className={styles['actions']}>
              <Button
                variant="secondary"
                onClick={() => setEditing(entry.id)}
                aria-label={`Edit ${entry.first}`}
              >
                Edit
              </Button>
              <Button
                variant="secondary"
                onClick={() => remove.mutate(entry.id)}
                disabled={remove.isPending}
                aria-label={`Delete ${entry.first}`}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EntryForm(props: {
  fields: EntryFields;
  initial: [string, string];
  pending: boolean;
  error: string | null;
  onSave: (values: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const { fields, initial, pending, error, onSave, onCancel } = props;
  const schema = z.object({
    first: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(fields.first.max, `At most ${fields.first.max} characters`),
    second: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(fields.second.max, `At most ${fields.second.max} characters`),
  });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { first: initial[0], second: initial[1] },
  });
  const { errors } = form.formState;
  useEffect(() => {
    // "Correct this" arrives with the question: the answer is what is left to write.
    if (initial[0]) form.setFocus('second');
  }, [form, initial]);
  return (
    <form
      className={styles['form']}
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit((values) =>
          onSave({ [fields.first.name]: values.first, [fields.second.name]: values.second }),
        )(event)
      }
    >
      <label>
        {fields.first.label}
        <input
          {...form.register('first')}
          maxLength={fields.first.max}
          aria-invalid={Boolean(errors.first)}
        />
      </label>
      {errors.first ? <span className={styles['error']}>{errors.first.message}</span> : null}
      <label>
        {fields.second.label}
        <textarea
          {...form.register('second')}
          rows={4}
          maxLength={fields.second.max}
          aria-invalid={Boolean(errors.second)}
        />
      </label>
      {errors.second ? <span className={styles['error']}>{errors.second.message}</span> : null}
      {error ? <Banner tone="error">{error}</Banner> : null}
      <div className={styles['actions']}>
        <Button type="submit" disabled={pending}>
          {fields.save}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Posts({ creatorId, posts }: { creatorId: string; posts: KnowledgePost[] }) {
  const toggle = useKnowledgeMutation(creatorId, (id: string, input: { postId: string; excluded: boolean }) =>
    setPostExcluded(id, input.postId, input.excluded),
  );
  return (
    <section className={styles['section']} aria-label={KNOWLEDGE_TEXT.posts}>
      <h2>{KNOWLEDGE_TEXT.posts}</h2>
      <p className={styles['meta']}>{KNOWLEDGE_TEXT.postsHint}</p>
      {toggle.isError ? <Banner tone="error">{toggle.error.message}</Banner> : null}
      {posts.length === 0 ? <p className={styles['meta']}>{KNOWLEDGE_TEXT.postsEmpty}</p> : null}
      <ul className={styles['list']}>
        {posts.map((post) => (
          <li key={post.id} className={`${styles['card']} ${styles['post']}`}>
            <label>
              <input
                type="checkbox"
                checked={!post.excluded}
                disabled={toggle.isPending}
                onChange={(event) => toggle.mutate({ postId: post.id, excluded: !event.target.checked })}
                aria-label={`Persona may use: ${post.caption || 'post'} (${formatPostDate(post.tikTokCreatedAt)})`}
              />
              <span className={post.excluded ? styles['excluded'] : undefined}>
                {post.caption || '(no caption)'} · {formatPostDate(post.tikTokCreatedAt)}
                {post.excluded ? ' · excluded' : ''}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
