import { zodResolver } from '@hookform/resolvers/zod';
import { AUDIENCE_MINIMUMS, DEFAULT_AUDIENCE_MINIMUM, type AudienceMinimum } from '@backtalk/proto/browser';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useAudienceMinimumMutation, useMyCreatorQuery } from './useCreatorQueries';
import styles from './creator.module.css';

const LABELS: Record<AudienceMinimum, string> = {
  '13+': '13 and older (default)',
  '16+': '16 and older',
  '18+': '18 and older',
};
const schema = z.object({ audienceMinimum: z.enum(AUDIENCE_MINIMUMS) });
type Values = z.infer<typeof schema>;

/**
 * Who may chat with the creator's persona (docs/safety.md, "Age"): fans younger than the chosen
 * minimum cannot open the chat. On /creator/tools, beside the prompt.
 */
export function AudienceSetting() {
  const creator = useMyCreatorQuery();
  if (creator.isPending) return <Spinner label="Loading audience" />;
  if (creator.isError || !creator.data) {
    return <Banner tone="error">Error loading creator info</Banner>;
  }
  return (
    <AudienceForm
      creatorId={creator.data.id}
      current={creator.data.audienceMinimum ?? DEFAULT_AUDIENCE_MINIMUM}
    />
  );
}

function AudienceForm({ creatorId, current }: { creatorId: string; current: AudienceMinimum }) {
  const save = useAudienceMinimumMutation(creatorId);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { audienceMinimum: current },
  });
  const { reset } = form;
  useEffect(() => reset({ audienceMinimum: current }), [current, reset]);
  const submit = form.handleSubmit(({ audienceMinimum }) => save.mutate(audienceMinimum));
  return (
    <form className={styles['card']} onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className={styles['audience']}>
        <legend className={styles['card__title']}>Who can chat</legend>
        <p className={styles['hint']}>
          Fans younger than this cannot open your chat. Fans under 18 are always treated as minors: your
          persona never flirts or role-plays romance with them.
        </p>
        {AUDIENCE_MINIMUMS.map((value) => (
          <label key={value} className={styles['audience__option']}>
            <input
              type="radio"
              value={value}
              {...form.register('audienceMinimum', { onChange: () => save.reset() })}
            />
            {LABELS[value]}
          </label>
        ))}
      </fieldset>
      <div className={styles['row']}>
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save audience
        </Button>
        {save.isSuccess ? (
          <p className={styles['success']} role="status">
            Audience saved. It applies from the next message on.
          </p>
        ) : null}
      </div>
      {save.isError ? (
        <p className={styles['error']} role="alert">
          {save.error.message}
        </p>
      ) : null}
    </form>
  );
}
