import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  confirmSignUp,
  pollAutoSignIn,
  resendSignUpCode,
  signIn,
  type AuthFlowReply,
  type CodeDelivery,
} from '../../api';
import { Button } from '../../components/Button';
import { CodeDeliveryNote } from './CodeDeliveryNote';
import { CodeField, FormError, messagesOf, SubmitButton } from './FormField';
import { codeSchema, type CodeValues } from './sign-in-forms';
import {
  applyReply,
  AUTO_SIGN_IN_GUARD_MS,
  AUTO_SIGN_IN_POLL_MS,
  AUTO_SIGN_IN_TIMEOUT_MESSAGE,
  AUTO_SIGN_IN_TIMEOUT_MS,
  autoSignInStartedAt,
  takeAutoSignIn,
  useSignInFlow,
} from './sign-in.store';
import styles from './sign-in.module.css';

/**
 * confirmSignUp (spec §2, §4): the emailed code confirms the account. With this browser's sign-up
 * challenge the server signs in at once; when it answers `signIn`, the password typed at sign-up
 * signs in (auto sign-in) unless 180000 ms have passed.
 */
export function ConfirmSignUp({
  email,
  codeDelivery,
  challenge,
}: {
  email: string;
  codeDelivery: CodeDelivery;
  challenge?: string;
}) {
  const { t } = useTranslation();
  const show = useSignInFlow((state) => state.show);
  const form = useForm<CodeValues>({
    resolver: zodResolver(codeSchema),
    mode: 'all',
    defaultValues: { code: '' },
  });
  const confirm = useMutation({
    mutationFn: async ({ code }: CodeValues) => {
      const reply = await confirmSignUp({ email, code, ...(challenge ? { challenge } : {}) });
      if (reply.nextStep.step !== 'signIn') return applyReply(reply, email);
      const auto = takeAutoSignIn(email);
      if (auto === 'expired') return show({ step: 'signIn', email, error: AUTO_SIGN_IN_TIMEOUT_MESSAGE });
      if (auto) return applyReply(await signIn({ email, password: auto.password }), email);
      return show({ step: 'signIn', email, notice: t('signIn.accountConfirmed') });
    },
  });
  const confirming = confirm.isPending || confirm.isSuccess;
  const autoSignInProblem = useAutoSignIn(email, challenge, !confirming);
  // Spec §4: on resend, 'User is already confirmed.' counts as success. The answer is the same
  // either way (it must not tell whether an email has an account); a confirmed account's owner is
  // told by email instead (docs/security.md).
  const resend = useMutation({ mutationFn: () => resendSignUpCode(email) });
  const delivery = resend.data?.codeDelivery ?? codeDelivery;
  return (
    <form
      className={styles['form']}
      noValidate
      onSubmit={form.handleSubmit((values) => confirm.mutate(values))}
    >
      <h2 className={styles['heading']}>
        {delivery.medium === 'SMS' ? t('signIn.weTexted') : t('signIn.weEmailed')}
      </h2>
      <CodeDeliveryNote codeDelivery={delivery} />
      <CodeField
        label={t('signIn.confirmationCode')}
        placeholder={t('signIn.codePlaceholder')}
        errors={messagesOf(form.formState.errors.code)}
        {...form.register('code')}
      />
      <FormError error={confirm.error ?? resend.error} />
      {autoSignInProblem && !confirming ? (
        <p role="status" className={styles['notice']}>
          {autoSignInProblem}
        </p>
      ) : null}
      {resend.isSuccess ? (
        <p role="status" className={styles['notice']}>
          {t('signIn.newCodeSent')}
        </p>
      ) : null}
      <SubmitButton pending={confirm.isPending} pendingLabel={t('signIn.confirming')}>
        {t('signIn.confirm')}
      </SubmitButton>
      <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? t('signIn.sending') : t('signIn.resendCode')}
      </Button>
    </form>
  );
}

/**
 * Spec §4 auto sign-in: while this page's sign-up waits for its code, asks every 5 s whether the
 * account was confirmed elsewhere (another tab or device) and, once it was, signs in with the
 * sign-up's challenge. It stops once the code is being confirmed here (`active` false), after
 * 180000 ms ('The account was not confirmed on time.'), or when the server says the flow is no
 * longer active (the spec's words). Returns what to tell the user, if anything.
 */
function useAutoSignIn(email: string, challenge: string | undefined, active: boolean): string | null {
  const [problem, setProblem] = useState<string | null>(null);
  const lastAsked = useRef(0);
  useEffect(() => {
    const startedAt = autoSignInStartedAt(email);
    if (!active || !challenge || startedAt === null) return;
    let stopped = false;
    const ask = async () => {
      // Spec §9: a duplicate call within 300 ms is dropped.
      if (stopped || Date.now() - lastAsked.current < AUTO_SIGN_IN_GUARD_MS) return;
      if (Date.now() - startedAt > AUTO_SIGN_IN_TIMEOUT_MS) {
        stopped = true;
        setProblem(AUTO_SIGN_IN_TIMEOUT_MESSAGE);
        return;
      }
      lastAsked.current = Date.now();
      try {
        const reply = await pollAutoSignIn({ email, challenge });
        if (stopped || !reply.confirmed || !reply.nextStep) return;
        stopped = true;
        takeAutoSignIn(email);
        await applyReply(reply as AuthFlowReply, email);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'AUTH_AUTO_SIGN_IN_INACTIVE') {
          stopped = true;
          setProblem(error.message);
        }
        // Anything else (a network error, a busy server): the next round asks again.
      }
    };
    const timer = setInterval(() => void ask(), AUTO_SIGN_IN_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [email, challenge, active]);
  return problem;
}
