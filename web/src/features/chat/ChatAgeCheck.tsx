import { zodResolver } from '@hookform/resolvers/zod';
import {
  BirthdateMessage,
  DEFAULT_AUDIENCE_MINIMUM,
  GUEST_AGE_ANSWERS,
  meetsAudienceMinimum,
  type GuestAgeAnswer,
} from '@backtalk/proto/browser';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { ApiError, setAge, type Creator } from '../../api';
import { Button, buttonClass } from '../../components/Button';
import { useSessionStore } from '../session';
import { FormError, FormField, messagesOf } from '../sign-in/FormField';
import { birthdateField } from '../sign-in/sign-in-forms';
import styles from './age.module.css';

const ANSWER_LABELS: Record<GuestAgeAnswer, string> = {
  'under-13': 'Under 13',
  '13-15': '13–15',
  '16-17': '16–17',
  adult: '18 or older',
};

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
  ageBand: z.enum(GUEST_AGE_ANSWERS, { message: 'Choose your age to continue' }),
});
const accountSchema = z.object({ birthdate: birthdateField });

function AgeQuestion({ isGuest, onUnder13 }: { isGuest: boolean; onUnder13: () => void }) {
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
      <h2 id="age-question-title" className={styles['age-card__title']}>
        Before you chat
      </h2>
      {isGuest ? (
        <GuestAgeForm pending={answer.isPending} onAnswer={(ageBand) => answer.mutate({ ageBand })} />
      ) : (
        <BirthdateForm pending={answer.isPending} onAnswer={(birthdate) => answer.mutate({ birthdate })} />
      )}
      <FormError
        error={answer.error instanceof ApiError && answer.error.code === 'AGE_UNDER_13' ? null : answer.error}
      />
      <p className={styles['age-card__note']}>
        Backtalk is for people 13 and older, and some creators choose older fans. We ask once and keep only
        your age group, never shared with creators. <Link to="/privacy-policy">Privacy Policy</Link>
      </p>
    </section>
  );
}

function GuestAgeForm({ pending, onAnswer }: { pending: boolean; onAnswer: (band: GuestAgeAnswer) => void }) {
  const form = useForm<z.infer<typeof guestSchema>>({ resolver: zodResolver(guestSchema) });
  const error = form.formState.errors.ageBand?.message;
  return (
    <form noValidate onSubmit={form.handleSubmit(({ ageBand }) => onAnswer(ageBand))}>
      <fieldset className={styles['age-options']} aria-describedby={error ? 'age-band-error' : undefined}>
        <legend className={styles['age-card__question']}>How old are you?</legend>
        {GUEST_AGE_ANSWERS.map((value) => (
          <label key={value} className={styles['age-option']}>
            <input type="radio" value={value} {...form.register('ageBand')} />
            {ANSWER_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id="age-band-error" className={styles['age-card__error']} role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" pending={pending} pendingLabel="Saving">
        Continue
      </Button>
    </form>
  );
}

function BirthdateForm({ pending, onAnswer }: { pending: boolean; onAnswer: (birthdate: string) => void }) {
  const form = useForm<z.infer<typeof accountSchema>>({
    resolver: zodResolver(accountSchema),
    mode: 'all',
    defaultValues: { birthdate: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(({ birthdate }) => onAnswer(birthdate))}>
      <p className={styles['age-card__question']}>Enter your birth date to chat.</p>
      <FormField
        label="Birthdate"
        type="date"
        autoComplete="bday"
        placeholder="Enter your Birthdate"
        errors={messagesOf(form.formState.errors.birthdate)}
        {...form.register('birthdate')}
      />
      <Button type="submit" pending={pending} pendingLabel="Saving">
        Continue
      </Button>
    </form>
  );
}

function Under13Notice() {
  return (
    <section className={styles['age-card']} role="alert">
      <h2 className={styles['age-card__title']}>Sorry, Backtalk is for people 13 and older</h2>
      <p>{BirthdateMessage.Under13}</p>
      <Link className={buttonClass('secondary')} to="/">
        Back to Home
      </Link>
    </section>
  );
}

function AudienceNotice({ creatorName, minimumAge }: { creatorName: string; minimumAge: string }) {
  return (
    <section className={styles['age-card']} role="status">
      <h2 className={styles['age-card__title']}>
        {creatorName}&apos;s chat is for fans {minimumAge} and older
      </h2>
      <p>
        {creatorName} chose this audience, so you can&apos;t chat with this persona. Other creators are
        waiting.
      </p>
      <Link className={buttonClass('primary')} to="/ai-chat?view=creators">
        Go to Creator List
      </Link>
    </section>
  );
}
