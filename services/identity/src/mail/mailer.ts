import type { Transaction } from '@backtalk/kit';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends identity's emails: over SMTP (SMTP_URL), or into the development
 * outbox. `transaction` lets the outbox write inside the caller's transaction.
 */
export abstract class Mailer {
  /** Whether emails really leave (SMTP) rather than stay in the outbox. */
  abstract readonly delivers: boolean;
  abstract send(message: MailMessage, transaction?: Transaction): Promise<void>;
}
