import { useTranslation } from 'react-i18next';
import { useReplySamplingMutation, useReplySamplingQuery } from '../../../api/reply-samples.queries';
import { useSessionStore } from '../../session';
import { en } from '../../../i18n/locales/en';
import styles from './memory.module.css';

/** The English words (tests); the switch says them in the reader's language. */
export const SAMPLING_TEXT = {
  toggle: en.memory.samplingToggle,
  explain: en.memory.samplingExplain,
  failed: en.memory.failed,
} as const;

/**
 * The fan's reply-sampling switch (docs/creators.md, "Sampled replies"), beside the memory switch:
 * on unless the fan turns it off; off also removes what was sampled so far. Shown to signed-in adults
 * only: a guest's or a minor's replies are never sampled, so there is nothing for them to turn off.
 */
export function ReplySamplingSwitch() {
  const { t } = useTranslation();
  const sampleable = useSessionStore(
    (state) => state.user?.userType === 'authenticated' && state.user.ageBand === 'adult',
  );
  const query = useReplySamplingQuery(sampleable);
  const set = useReplySamplingMutation();
  if (!sampleable || query.isPending || query.isError) return null;
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
        <span>{t('memory.samplingToggle')}</span>
      </label>
      <p className={styles['note']}>{t('memory.samplingExplain')}</p>
      {set.isError ? (
        <p className={styles['error']} role="alert">
          {t('memory.failed')}
        </p>
      ) : null}
    </>
  );
}
