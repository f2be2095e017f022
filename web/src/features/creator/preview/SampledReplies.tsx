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

const THUMBS: { rating: ReplySampleRating; label: string; icon: string }[] = [
  { rating: 'up', label: 'Good reply', icon: '👍' },
  { rating: 'down', label: 'Bad reply', icon: '👎' },
];

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
            <span aria-label={`${data.counts.up} rated good`}>👍 {data.counts.up}</span>
            <span aria-label={`${data.counts.down} rated bad`}>👎 {data.counts.down}</span>
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
        {THUMBS.map(({ rating, label, icon }) => (
          <Button
            key={rating}
            size="sm"
            variant={sample.rating === rating ? 'primary' : 'secondary'}
            aria-pressed={sample.rating === rating}
            aria-label={label}
            disabled={pending}
            onClick={() => toggle(rating)}
          >
            {icon}
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
