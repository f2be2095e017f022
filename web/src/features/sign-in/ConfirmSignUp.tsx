import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { confirmSignUp, resendSignUpCode, signIn, type CodeDelivery } from '../../api';
import { Button } from '../../components/Button';
import { CodeDeliveryNote } from './CodeDeliveryNote';
import { FormError, FormField, messagesOf } from './FormField';
import { codeSchema, type CodeValues } from './sign-in-forms';
import { applyReply, AUTO_SIGN_IN_TIMEOUT_MESSAGE, takeAutoSignIn, useSignInFlow } from './sign-in.store';
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
      return show({ step: 'signIn', email, notice: 'Your account is confirmed. Sign in to continue.' });
    },
  });
  // Spec §4: on resend, 'User is already confirmed.' counts as success.
  const resend = useMutation({ mutationFn: () => resendSignUpCode(email) });
  const delivery = resend.data?.codeDelivery ?? codeDelivery;
  return (
    <form
      className={styles['form']}
      noValidate
      onSubmit={form.handleSubmit((values) => confirm.mutate(values))}
    >
      <h2 className={styles['heading']}>{delivery.medium === 'SMS' ? 'We Texted You' : 'We Emailed You'}</h2>
      <CodeDeliveryNote codeDelivery={delivery} />
      <FormField
        label="Confirmation Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="Enter your code"
        errors={messagesOf(form.formState.errors.code)}
        {...form.register('code')}
      />
      <FormError error={confirm.error ?? resend.error} />
      {resend.isSuccess ? (
        <p role="status" className={styles['notice']}>
          {resend.data.alreadyConfirmed
            ? 'Your account is already confirmed.'
            : 'A new code is on its way. It may take a minute to arrive'}
        </p>
      ) : null}
      <Button
        type="submit"
        className={styles['form__submit']}
        disabled={confirm.isPending}
        aria-busy={confirm.isPending}
      >
        {confirm.isPending ? 'Confirming' : 'Confirm'}
      </Button>
      <Button variant="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending' : 'Resend Code'}
      </Button>
    </form>
  );
}
