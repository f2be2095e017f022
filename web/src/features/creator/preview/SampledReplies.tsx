import { Link } from 'react-router-dom';
import type { ReplySample, ReplySampleRating } from '../../../api/reply-samples.api';
import { useRateReplySampleMutation, useReplySamplesQuery } from '../../../api/reply-samples.queries';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useMyCreatorQuery } from '../useCreatorQueries';
import creatorStyles from '../creator.module.css';
import styles from './preview.module.css';

export const SAMPLED_TEXT = {
  title: 'Recent replies',
  hint: 'A few replies your persona gave fans lately, without names or personal details (at most 3 a day from each fan, never from fans who turned this off or are under 18). Rate them; correct any you would answer differently.',
  empty: 'No replies to review yet. They appear here as fans chat with your persona.',
  loadFailed: 'Could not load recent replies.',
  rateFailed: 'Could not save your rating. Try again.',
  correct: 'Correct this',
} as const;

const THUMBS: { rating: ReplySampleRating; label: string; text: string }[] = [
  { rating: 'up', label: 'Good reply', text: 'Good' },
  { rating: 'down', label: 'Bad reply', text: 'Bad' },
];

/** A thumb (Material Icons' thumb_up, Apache-2.0), turned over for down: no emoji font needed. */
function Thumb({ rating }: { rating: ReplySampleRating }) {
  return (
    <svg
      className={`${styles['thumb']} ${rating === 'down' ? styles['thumb--down'] : ''}`}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
    >
      <path
        fill="currentColor"
        d="M1 21h4V9H1v12zm22-11c0-1.1-.9-2-2-2h-6.31l.95-4.57.03-.32c0-.41-.17-.79-.44-1.06L14.17 1 7.59 7.59C7.22 7.95 7 8.45 7 9v10c0 1.1.9 2 2 2h9c.83 0 1.54-.5 1.84-1.22l3.02-7.05c.09-.23.14-.47.14-.73v-2z"
      />
    </svg>
  );
}

/** /creator/preview's review of sampled replies (docs/creators.md, "Sampled replies"). */
export function SampledReplies() {
  const creator = useMyCreatorQuery();
  const creatorId = creator.data?.id ?? null;
  const samples = useReplySamplesQuery(creatorId);
  const rate = useRateReplySampleMutation(creatorId);
  const data = samples.data;
  return (
    <section className={creatorStyles['card']} aria-labelledby="sampled-title">
      <h2 id="sampled-title" className={creatorStyles['card__title']}>
        {SAMPLED_TEXT.title}
      </h2>
      <p className={creatorStyles['hint']}>{SAMPLED_TEXT.hint}</p>
      {creator.isPending || (creatorId && samples.isPending) ? (
        <Spinner label="Loading recent replies" />
      ) : null}
      {creator.isError || samples.isError ? (
        <p className={creatorStyles['error']} role="alert">
          {SAMPLED_TEXT.loadFailed}{' '}
          <Button variant="ghost" size="sm" onClick={() => void samples.refetch()}>
            Retry
          </Button>
        </p>
      ) : null}
      {data ? (
        <>
          <p className={styles['tally']} data-testid="sample-counts">
            <span>
              <Thumb rating="up" /> {data.counts.up} good
            </span>
            <span>
              <Thumb rating="down" /> {data.counts.down} bad
            </span>
          </p>
          {data.samples.length === 0 ? <p className={creatorStyles['hint']}>{SAMPLED_TEXT.empty}</p> : null}
          <ul className={styles['samples']}>
            {data.samples.map((sample) => (
              <SampleItem
                key={sample.id}
                sample={sample}
                pending={rate.isPending && rate.variables.sampleId === sample.id}
                onRate={(rating) => rate.mutate({ sampleId: sample.id, rating })}
              />
            ))}
          </ul>
          {rate.isError ? (
            <p className={creatorStyles['error']} role="alert">
              {SAMPLED_TEXT.rateFailed}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function SampleItem({
  sample,
  pending,
  onRate,
}: {
  sample: ReplySample;
  pending: boolean;
  onRate: (rating: ReplySampleRating | null) => void;
}) {
  /** Pressing the chosen thumb again takes it back. */
  const toggle = (rating: ReplySampleRating) => onRate(sample.rating === rating ? null : rating);
  return (
    <li className={styles['sample']} data-testid="reply-sample">
      <p className={`${styles['turn']} ${styles['turn--fan']}`}>{sample.question}</p>
      <p className={`${styles['turn']} ${styles['turn--persona']}`}>{sample.reply}</p>
      <div className={creatorStyles['row']}>
        <time className={creatorStyles['hint']} dateTime={sample.sampledAt}>
          {new Date(sample.sampledAt).toLocaleString()}
        </time>
        {THUMBS.map(({ rating, label, text }) => (
          <Button
            key={rating}
            size="sm"
            variant={sample.rating === rating ? 'primary' : 'secondary'}
            aria-pressed={sample.rating === rating}
            aria-label={label}
            disabled={pending}
            onClick={() => toggle(rating)}
          >
            <Thumb rating={rating} /> {text}
          </Button>
        ))}
        {sample.rating === 'down' ? (
          <Link
            className={styles['correct']}
            to={`/creator/knowledge?correct=${encodeURIComponent(sample.question)}`}
          >
            {SAMPLED_TEXT.correct}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
