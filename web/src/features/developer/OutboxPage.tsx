import { useOutboxQuery } from '../../api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { DevPage, describeFailure } from './DevPageStates';
import styles from './developer.module.css';

/**
 * /dev/outbox: the emails identity would have sent (sign-up and reset codes) when no SMTP server
 * is configured, and the texts (phone verification and SMS MFA codes) when no SMS provider is —
 * standalone's default. The gateway serves them to this machine only.
 */
export function OutboxPage() {
  const outbox = useOutboxQuery();
  return (
    <DevPage
      title="Outbox"
      intro="Emails (no SMTP_URL set) and text messages (no SMS_PROVIDER set) of the development outbox, newest first."
    >
      <div className={styles['dev-actions']}>
        <Button variant="secondary" size="sm" onClick={() => void outbox.refetch()}>
          Reload
        </Button>
      </div>
      {outbox.isPending ? <Spinner size={32} label="Loading the outbox" /> : null}
      {outbox.isError ? (
        <Banner tone="error">
          {describeFailure(outbox.error)} The outbox answers only on this machine, with no SMTP server.
        </Banner>
      ) : null}
      {outbox.data?.messages.length === 0 ? <p>No emails or text messages yet.</p> : null}
      {outbox.data?.messages.map((message) => (
        <article key={message.id} className={styles['dev-card']}>
          <p className={styles['flags__environment']}>
            {message.channel === 'sms' ? 'Text message to' : 'Email to'} {message.to} ·{' '}
            {new Date(message.createdAt).toLocaleString()}
          </p>
          <h2 className={styles['flags__subtitle']}>{message.subject}</h2>
          <pre className={styles['dev-pre']}>{message.text}</pre>
        </article>
      ))}
    </DevPage>
  );
}
