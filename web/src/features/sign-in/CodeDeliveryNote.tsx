import { useTranslation } from 'react-i18next';
import type { CodeDelivery } from '../../api';
import { maskContact } from './contact-masking';
import styles from './sign-in.module.css';

/** Where the code went (masked) and spec §2's 'It may take a minute to arrive'. */
export function CodeDeliveryNote({ codeDelivery }: { codeDelivery: CodeDelivery }) {
  const { t } = useTranslation();
  const to = maskContact(
    codeDelivery.medium === 'EMAIL' ? 'email' : 'phone_number',
    codeDelivery.destination,
  );
  return (
    <p className={styles['text']}>
      {codeDelivery.medium === 'EMAIL'
        ? t('signIn.codeOnTheWayEmailed', { to })
        : t('signIn.codeOnTheWayTexted', { to })}
    </p>
  );
}
