import { useReplySamplingMutation, useReplySamplingQuery } from '../../../api/reply-samples.queries';
import styles from './memory.module.css';

export const SAMPLING_TEXT = {
  toggle: 'Let creators review replies to me',
  explain:
    'A few of the persona’s replies to you a day may be shown to its creator, without your name or personal details, so they can improve it.',
  failed: 'That did not work. Try again.',
} as const;

/**
 * The fan's reply-sampling switch (docs/creators.md, "Sampled replies"), beside the memory switch:
 * on unless the fan turns it off; off also removes what was sampled so far.
 */
export function ReplySamplingSwitch() {
  const query = useReplySamplingQuery();
  const set = useReplySamplingMutation();
  if (query.isPending || query.isError) return null;
  return (
    <>
      <label className={styles['toggle']}>
        <input
          type="checkbox"
          role="switch"
          checked={query.data}
          disabled={set.isPending}
          onChange={(event) => set.mutate(event.target.checked)}
        />
        <span>{SAMPLING_TEXT.toggle}</span>
      </label>
      <p className={styles['note']}>{SAMPLING_TEXT.explain}</p>
      {set.isError ? (
        <p className={styles['error']} role="alert">
          {SAMPLING_TEXT.failed}
        </p>
      ) : null}
    </>
  );
}
