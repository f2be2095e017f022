import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PreviewAnswer } from '../../../api';
import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { usePersonaDraftMutations, usePersonaDraftQuery, usePreviewAskMutation } from './usePreviewQueries';
import { declineReason } from '../decline-reason';
import { SampledReplies } from './SampledReplies';
import { previewHistory, type PreviewTurn, type PreviewVersion, versionsToAsk } from './preview-chat';
import creatorStyles from '../creator.module.css';
import styles from './preview.module.css';

const TITLES: Record<PreviewVersion, string> = { draft: 'Draft', published: 'Published (what fans get)' };

/**
 * `/creator/preview` (docs/creators.md, "Drafts, preview and publish"): chat with the draft
 * persona, optionally side by side with the published one, then publish the draft. Nothing here
 * is stored, counted against an allowance or shown to fans: the chat lives in this page only.
 * Below, the review of sampled fan replies ("Sampled replies").
 */
export function CreatorPreviewPage() {
  const draft = usePersonaDraftQuery();
  const { publish, discard } = usePersonaDraftMutations();
  const [published, setPublished] = useState(false);

  if (draft.isPending) return <Spinner label="Loading your draft" />;
  if (draft.isError) {
    return (
      <div className="page">
        <Banner tone="error">Error loading your draft</Banner>
      </div>
    );
  }
  const { changed } = draft.data;
  const pending = changed.creatorPrompt || changed.boundaries;

  return (
    <div className={`page ${creatorStyles['page']}`}>
      <div>
        <h1 className={creatorStyles['title']}>Preview and publish</h1>
        <p className={creatorStyles['subtitle']}>
          Try your changes before fans get them. Preview chats are not stored, not counted, and fans never see
          them.
        </p>
      </div>
      <section className={creatorStyles['card']} aria-labelledby="draft-title">
        <h2 id="draft-title" className={creatorStyles['card__title']}>
          Your draft
        </h2>
        {pending ? (
          <>
            <p className={creatorStyles['hint']}>Not published yet. Fans still get the published version.</p>
            <ul className={styles['changes']}>
              {changed.creatorPrompt ? <li>The creator prompt changed.</li> : null}
              {changed.boundaries ? <li>The topics your persona won&apos;t discuss changed.</li> : null}
            </ul>
          </>
        ) : (
          <p className={creatorStyles['hint']}>
            No unpublished changes. Edit your prompt and topics on{' '}
            <Link to="/creator/tools">Creator Tools</Link>.
          </p>
        )}
        <div className={creatorStyles['row']}>
          <Button
            disabled={!pending || publish.isPending}
            pending={publish.isPending}
            pendingLabel="Publishing..."
            onClick={() => {
              setPublished(false);
              publish.mutate(undefined, { onSuccess: () => setPublished(true) });
            }}
          >
            Publish
          </Button>
          <Button
            variant="secondary"
            disabled={!pending || discard.isPending}
            onClick={() => {
              setPublished(false);
              discard.mutate();
            }}
          >
            Discard draft
          </Button>
          {published && !pending ? (
            <p className={creatorStyles['success']} role="status">
              Published! Fans get it from their next message.
            </p>
          ) : null}
        </div>
        {publish.isError || discard.isError ? (
          <p className={creatorStyles['error']} role="alert">
            {publish.isError ? 'Failed to publish the draft' : 'Failed to discard the draft'}
          </p>
        ) : null}
      </section>
      <PreviewChat />
      <SampledReplies />
    </div>
  );
}

/** The preview chat: each version keeps its own earlier turns, in this page only. */
function PreviewChat() {
  const ask = usePreviewAskMutation();
  const [sideBySide, setSideBySide] = useState(true);
  const [question, setQuestion] = useState('');
  const [turns, setTurns] = useState<PreviewTurn[]>([]);
  const [failed, setFailed] = useState(false);
  const versions = versionsToAsk(sideBySide);
  const pending = ask.isPending;

  const send = async () => {
    const text = question.trim();
    if (!text || pending) return;
    setFailed(false);
    const answers = await Promise.allSettled(
      versions.map((version) =>
        ask.mutateAsync({ question: text, version, history: previewHistory(turns, version) }),
      ),
    );
    const answered = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    if (answered.length < answers.length) setFailed(true);
    if (answered.length === 0) return;
    setQuestion('');
    setTurns((before) => [...before, ...answered.map((answer) => ({ question: text, answer }))]);
  };

  return (
    <section className={creatorStyles['card']} aria-labelledby="preview-chat-title">
      <h2 id="preview-chat-title" className={creatorStyles['card__title']}>
        Chat with your persona
      </h2>
      <label className={styles['toggle']}>
        <input
          type="checkbox"
          checked={sideBySide}
          onChange={(event) => setSideBySide(event.target.checked)}
        />
        Compare with the published version side by side
      </label>
      <div className={`${styles['columns']} ${sideBySide ? styles['columns--two'] : ''}`}>
        {versions.map((version) => (
          <PreviewColumn key={version} version={version} turns={turns} />
        ))}
      </div>
      <form
        className={creatorStyles['field']}
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className={creatorStyles['label']} htmlFor="preview-question">
          Ask as a fan would
        </label>
        <textarea
          id="preview-question"
          className={`${creatorStyles['textarea']} ${styles['question']}`}
          rows={2}
          maxLength={1000}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
        <div className={creatorStyles['row']}>
          <Button
            type="submit"
            disabled={!question.trim() || pending}
            pending={pending}
            pendingLabel="Asking..."
          >
            Ask
          </Button>
          {turns.length > 0 ? (
            <Button variant="secondary" disabled={pending} onClick={() => setTurns([])}>
              Start over
            </Button>
          ) : null}
        </div>
        {failed ? (
          <p className={creatorStyles['error']} role="alert">
            The preview could not answer. Try again in a moment.
          </p>
        ) : null}
      </form>
    </section>
  );
}

function PreviewColumn({ version, turns }: { version: PreviewVersion; turns: PreviewTurn[] }) {
  const mine = turns.filter((turn) => turn.answer.version === version);
  return (
    <div className={styles['column']} role="log" aria-label={`${TITLES[version]} answers`}>
      <h3 className={styles['column__title']}>{TITLES[version]}</h3>
      {mine.length === 0 ? <p className={creatorStyles['hint']}>No questions yet.</p> : null}
      {mine.map((turn, index) => (
        <div key={index} className={styles['column']}>
          <p className={`${styles['turn']} ${styles['turn--fan']}`}>{turn.question}</p>
          <p
            className={`${styles['turn']} ${styles['turn--persona']}`}
            data-testid={`preview-${version}-answer`}
          >
            {turn.answer.text}
            <OutcomeNote answer={turn.answer} />
          </p>
        </div>
      ))}
    </div>
  );
}

function OutcomeNote({ answer }: { answer: PreviewAnswer }) {
  if (answer.outcome === 'declined') {
    const reason = declineReason(answer);
    return <span className={styles['turn__note']}>{reason ? `Declined: ${reason}` : 'Declined'}</span>;
  }
  if (answer.outcome === 'replaced')
    return <span className={styles['turn__note']}>Replaced by moderation</span>;
  if (answer.outcome === 'held-back')
    return <span className={styles['turn__note']}>The question was held back</span>;
  return null;
}
