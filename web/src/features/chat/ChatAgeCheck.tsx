import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_AUDIENCE_MINIMUM,
  GUEST_AGE_ANSWERS,
  meetsAudienceMinimum,
  MINIMUM_AGE,
  type GuestAgeAnswer,
} from '@backtalk/proto/browser';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { ApiError, setAge, type Creator } from '../../api';
import { Button, buttonClass } from '../../components/Button';
import { i18n } from '../../i18n/i18n';
import { useSessionStore } from '../session';
import { FormError, FormField, messagesOf } from '../sign-in/FormField';
import { birthdateField } from '../sign-in/sign-in-forms';
import styles from './age.module.css';

/** Each answer's words: the bands between are numbers, the same in every language. */
const answerLabel = (answer: GuestAgeAnswer): string =>
  answer === 'under-13'
    ? i18n.t('age.under13')
    : answer === 'adult'
      ? i18n.t('age.adult')
      : answer.replace('-', '–');

/**
 * The age checks before a chat (docs/safety.md, "Age"), shown before the fan types: a user whose
 * age is unknown answers once (a guest chooses a band, an account gives its birth date); a fan
 * younger than the creator's audience is told so instead of the chat. The creator's own user
 * always reaches their persona.
 */
export function ChatAgeCheck({ creator, children }: { creator: Creator; children: ReactNode }) {
  const user = useSessionStore((state) => state.user);
  const [under13, setUnder13] = useState(false);
  if (under13) {
    return (
      <div className="page">
        <Under13Notice />
      </div>
    );
  }
  if (!user || user.userId === creator.userId) return children;
  if (!user.ageBand) {
    return (
      <div className="page">
        <AgeQuestion isGuest={user.userType === 'guest'} onUnder13={() => setUnder13(true)} />
      </div>
    );
  }
  const minimum = creator.audienceMinimum ?? DEFAULT_AUDIENCE_MINIMUM;
  if (!meetsAudienceMinimum(user.ageBand, minimum)) {
    return (
      <div className="page">
        <AudienceNotice creatorName={creator.nickName} minimumAge={minimum.replace('+', '')} />
      </div>
    );
  }
  return children;
}

const guestSchema = z.object({
  ageBand: z.enum(GUEST_AGE_ANSWERS, { error: () => i18n.t('age.chooseAge') }),
});
const accountSchema = z.object({ birthdate: birthdateField });

function AgeQuestion({ isGuest, onUnder13 }: { isGuest: boolean; onUnder13: () => void }) {
  const { t } = useTranslation();
  const answer = useMutation({
    mutationFn: async (body: { ageBand: GuestAgeAnswer } | { birthdate: string }) => {
      const reply = await setAge(body);
      await useSessionStore.getState().signedIn(reply.session);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'AGE_UNDER_13') onUnder13();
    },
  });
  return (
    <section className={styles['age-card']} aria-labelledby="age-question-title">
      <h1 id="age-question-title" className={styles['age-card__title']}>
        {t('age.title')}
      </h1>
      {isGuest ? (
        <GuestAgeForm pending={answer.isPending} onAnswer={(ageBand) => answer.mutate({ ageBand })} />
      ) : (
        <BirthdateForm pending={answer.isPending} onAnswer={(birthdate) => answer.mutate({ birthdate })} />
      )}
      <FormError
        error={answer.error instanceof ApiError && answer.error.code === 'AGE_UNDER_13' ? null : answer.error}
      />
      <p className={styles['age-card__note']}>
        <Trans i18nKey="age.note" components={{ 1: <Link to="/privacy-policy" /> }} />
      </p>
    </section>
  );
}

function GuestAgeForm({ pending, onAnswer }: { pending: boolean; onAnswer: (band: GuestAgeAnswer) => void }) {
  const { t } = useTranslation();
  const form = useForm<z.infer<typeof guestSchema>>({ resolver: zodResolver(guestSchema) });
  const error = form.formState.errors.ageBand?.message;
  return (
    <form noValidate onSubmit={form.handleSubmit(({ ageBand }) => onAnswer(ageBand))}>
      <fieldset className={styles['age-options']} aria-describedby={error ? 'age-band-error' : undefined}>
        <legend className={styles['age-card__question']}>{t('age.question')}</legend>
        {GUEST_AGE_ANSWERS.map((value) => (
          <label key={value} className={styles['age-option']}>
            <input type="radio" value={value} {...form.register('ageBand')} />
            {answerLabel(value)}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id="age-band-error" className={styles['age-card__error']} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" pending={pending} pendingLabel={t('age.saving')}>
        {t('age.continue')}
      </Button>
    </form>
  );
}

function BirthdateForm({ pending, onAnswer }: { pending: boolean; onAnswer: (birthdate: string) => void }) {
  const { t } = useTranslation();
  const form = useForm<z.infer<typeof accountSchema>>({
    resolver: zodResolver(accountSchema),
    mode: 'all',
    defaultValues: { birthdate: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(({ birthdate }) => onAnswer(birthdate))}>
      <p className={styles['age-card__question']}>{t('age.birthdateQuestion')}</p>
      <FormField
        label={t('signIn.birthdate')}
        type="date"
        autoComplete="bday"
        placeholder={t('signIn.birthdatePlaceholder')}
        errors={messagesOf(form.formState.errors.birthdate)}
        {...form.register('birthdate')}
      />
      <Button type="submit" pending={pending} pendingLabel={t('age.saving')}>
        {t('age.continue')}
      </Button>
    </form>
  );
}

function Under13Notice() {
  const { t } = useTranslation();
  return (
    <section className={styles['age-card']} role="alert">
      <h1 className={styles['age-card__title']}>{t('age.under13Title')}</h1>
      <p>{t('age.under13Text', { min: MINIMUM_AGE })}</p>
      <Link className={buttonClass('secondary')} to="/">
        {t('age.backHome')}
      </Link>
    </section>
  );
}

function AudienceNotice({ creatorName, minimumAge }: { creatorName: string; minimumAge: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles['age-card']} role="status">
      <h1 className={styles['age-card__title']}>
        {t('age.audienceTitle', { name: creatorName, min: minimumAge })}
      </h1>
      <p>{t('age.audienceText', { name: creatorName })}</p>
      <Link className={buttonClass('primary')} to="/ai-chat?view=creators">
        {t('age.creatorList')}
      </Link>
    </section>
  );
}
