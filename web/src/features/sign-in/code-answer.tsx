import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField, FormError, messagesOf, SubmitButton } from './FormField';
import { codeSchema, type CodeValues } from './sign-in-forms';

/** A step answered with a code: the §5-validated form, and the answer sent with it. */
export function useCodeAnswer(answer: (code: string) => Promise<unknown>) {
  const form = useForm<CodeValues>({
    resolver: zodResolver(codeSchema),
    mode: 'all',
    defaultValues: { code: '' },
  });
  const confirm = useMutation({ mutationFn: ({ code }: CodeValues) => answer(code) });
  return { form, confirm, onSubmit: form.handleSubmit((values) => confirm.mutate(values)) };
}

/** The code field, the answer's failure and the submit button of a code step. */
export function CodeAnswerFields({
  form,
  confirm,
  submitLabel,
  pendingLabel,
}: {
  form: UseFormReturn<CodeValues>;
  confirm: { error: unknown; isPending: boolean };
  submitLabel: string;
  pendingLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <CodeField
        label={t('signIn.code')}
        placeholder={t('signIn.code')}
        errors={messagesOf(form.formState.errors.code)}
        {...form.register('code')}
      />
      <FormError error={confirm.error} />
      <SubmitButton pending={confirm.isPending} pendingLabel={pendingLabel}>
        {submitLabel}
      </SubmitButton>
    </>
  );
}
