import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { signIn } from '../../api';
import { Button } from '../../components/Button';
import { FormError, FormField, messagesOf } from './FormField';
import { signInSchema, type SignInValues } from './sign-in-forms';
import { applyReply, useSignInFlow } from './sign-in.store';
import styles from './sign-in.module.css';

/** The Sign In tab: email and password, then whatever step the server answers. */
export function SignInForm({ email }: { email?: string }) {
  const show = useSignInFlow((state) => state.show);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    mode: 'onChange',
    defaultValues: { email: email ?? '', password: '' },
  });
  const { errors } = form.formState;
  const submit = useMutation({
    mutationFn: async (values: SignInValues) => applyReply(await signIn(values), values.email),
  });
  return (
    <form
      className={styles['form']}
      noValidate
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      <FormField
        label="Email"
        type="email"
        autoComplete="username"
        placeholder="Enter your Email"
        errors={messagesOf(errors.email)}
        {...form.register('email')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Enter your Password"
        errors={messagesOf(errors.password)}
        {...form.register('password')}
      />
      <FormError error={submit.error} />
      <Button
        type="submit"
        className={styles['form__submit']}
        disabled={submit.isPending}
        aria-busy={submit.isPending}
      >
        {submit.isPending ? 'Signing in' : 'Sign In'}
      </Button>
      <button
        type="button"
        className={styles['link']}
        onClick={() => show({ step: 'forgotPassword', email: form.getValues('email').trim() })}
      >
        Forgot your password?
      </button>
    </form>
  );
}
