import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signUp } from '../../api';
import { DEFAULT_DIAL_CODE, DIAL_CODES, joinPhoneNumber } from './dial-codes';
import { FormError, FormField, messagesOf, SubmitButton } from './FormField';
import { NewPasswordFields } from './NewPasswordFields';
import { signUpSchema, type SignUpValues } from './sign-in-forms';
import { applyReply, rememberForAutoSignIn } from './sign-in.store';
import styles from './sign-in.module.css';

/**
 * The Sign Up tab (spec §3 form fields, §5 rules): email, birthdate (docs/safety.md, "Age": under
 * 13 the server refuses and keeps nothing), password, confirm password and an optional phone number
 * with its dial code (+1 by default). Validated on change and blur;
 * 'Sign Up' stays disabled while any rule fails.
 */
export function SignUpForm({ passwordMinLength }: { passwordMinLength: number }) {
  const { t } = useTranslation();
  const schema = useMemo(() => signUpSchema(passwordMinLength), [passwordMinLength]);
  const form = useForm<SignUpValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    criteriaMode: 'all',
    defaultValues: {
      email: '',
      birthdate: '',
      password: '',
      confirm_password: '',
      dial_code: DEFAULT_DIAL_CODE,
      phone_number: '',
    },
  });
  const { errors, isValid } = form.formState;
  const submit = useMutation({
    mutationFn: async (input: SignUpValues) => {
      // Only standard attributes (or custom:-prefixed ones) are sent (spec §3).
      const attributes = {
        birthdate: input.birthdate,
        ...(input.phone_number ? { phone_number: joinPhoneNumber(input.dial_code, input.phone_number) } : {}),
      };
      const reply = await signUp({ email: input.email, password: input.password, attributes });
      rememberForAutoSignIn(input.email, input.password);
      await applyReply(reply, input.email);
    },
  });
  return (
    <form className={styles['form']} noValidate onSubmit={form.handleSubmit((input) => submit.mutate(input))}>
      <FormField
        label={t('signIn.email')}
        type="email"
        autoComplete="username"
        placeholder={t('signIn.emailPlaceholder')}
        errors={messagesOf(errors.email)}
        {...form.register('email')}
      />
      <FormField
        label={t('signIn.birthdate')}
        type="date"
        autoComplete="bday"
        placeholder={t('signIn.birthdatePlaceholder')}
        errors={messagesOf(errors.birthdate)}
        {...form.register('birthdate')}
      />
      <NewPasswordFields form={form} />
      <FormField
        label={t('signIn.phone')}
        type="tel"
        autoComplete="tel-national"
        placeholder={t('signIn.phonePlaceholder')}
        errors={messagesOf(errors.phone_number)}
        before={
          <select
            aria-label={t('signIn.countryCode')}
            className={styles['field__select']}
            {...form.register('dial_code')}
          >
            {DIAL_CODES.map(({ code, country }) => (
              <option key={code} value={code} title={country}>
                {code}
              </option>
            ))}
          </select>
        }
        {...form.register('phone_number')}
      />
      <FormError error={submit.error} />
      <SubmitButton pending={submit.isPending} pendingLabel={t('signIn.creatingAccount')} disabled={!isValid}>
        {t('common.signUp')}
      </SubmitButton>
    </form>
  );
}
