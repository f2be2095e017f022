import type { CodeDelivery } from '../../api';
import { maskContact } from './contact-masking';
import styles from './sign-in.module.css';

/** Where the code went (masked) and spec §2's 'It may take a minute to arrive'. */
export function CodeDeliveryNote({ codeDelivery }: { codeDelivery: CodeDelivery }) {
  const to = maskContact(
    codeDelivery.medium === 'EMAIL' ? 'email' : 'phone_number',
    codeDelivery.destination,
  );
  const how = codeDelivery.medium === 'EMAIL' ? 'emailed' : 'texted';
  return (
    <p className={styles['text']}>
      Your code is on the way. To log in, enter the code we {how} to {to}. It may take a minute to arrive.
    </p>
  );
}
