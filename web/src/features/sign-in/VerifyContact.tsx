import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmAttribute, verifyAttribute, type CodeDelivery, type VerifiableAttribute } from '../../api';
import { CodeDeliveryNote } from './CodeDeliveryNote';
import { maskContact } from './contact-masking';
import { CodeAnswerFields, useCodeAnswer } from './code-answer';
import { FormError, SubmitButton } from './FormField';
import { useSignInFlow } from './sign-in.store';
import styles from './sign-in.module.css';

/** verifyUser (spec §2, §4): signed in, with unverified contact details; pick one to verify, or Skip. */
export function VerifyUser({
  unverified,
}: {
  unverified: { attribute: VerifiableAttribute; destination: string }[];
}) {
  const { t } = useTranslation();
  const show = useSignInFlow((state) => state.show);
  const form = useForm<{ attribute: VerifiableAttribute }>({
    defaultValues: { attribute: unverified[0]?.attribute ?? 'email' },
  });
  const send = useMutation({
    mutationFn: async ({ attribute }: { attribute: VerifiableAttribute }) =>
      show({ step: 'confirmVerifyUser', attribute, codeDelivery: await verifyAttribute(attribute) }),
  });
  return (
    <form className={styles['form']} noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
      <h2 className={styles['heading']}>{t('signIn.verifyTitle')}</h2>
      <fieldset className={styles['choices']}>
        <legend className="visually-hidden">{t('signIn.contactToVerify')}</legend>
        {unverified.map(({ attribute, destination }) => (
          <label key={attribute} className={styles['choice']}>
            <input type="radio" value={attribute} {...form.register('attribute')} />
            {t(attribute === 'email' ? 'signIn.verifyEmail' : 'signIn.verifyPhone', {
              contact: maskContact(attribute, destination),
            })}
          </label>
        ))}
      </fieldset>
      <FormError error={send.error} />
      <SubmitButton pending={send.isPending} pendingLabel={t('signIn.verifying')}>
        {t('signIn.verify')}
      </SubmitButton>
      <button type="button" className={styles['link']} onClick={() => show({ step: 'done' })}>
        {t('signIn.skip')}
      </button>
    </form>
  );
}

/** confirmVerifyUser: the code sent to the chosen contact; then done. */
export function ConfirmVerifyUser({
  attribute,
  codeDelivery,
}: {
  attribute: VerifiableAttribute;
  codeDelivery: CodeDelivery;
}) {
  const { t } = useTranslation();
  const show = useSignInFlow((state) => state.show);
  const { form, confirm, onSubmit } = useCodeAnswer(async (code) => {
    await confirmAttribute(attribute, code);
    show({ step: 'done' });
  });
  return (
    <form className={styles['form']} noValidate onSubmit={onSubmit}>
      <h2 className={styles['heading']}>{t('signIn.verifyTitle')}</h2>
      <CodeDeliveryNote codeDelivery={codeDelivery} />
      <CodeAnswerFields
        form={form}
        confirm={confirm}
        submitLabel={t('signIn.submit')}
        pendingLabel={t('signIn.submitting')}
      />
      <button type="button" className={styles['link']} onClick={() => show({ step: 'done' })}>
        {t('signIn.skip')}
      </button>
    </form>
  );
}
