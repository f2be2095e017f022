import type { Transaction } from '@backtalk/kit';
import { type MailMessage, Mailer } from './mailer';
import { OutboxRepository } from './outbox.repository';

/** Keeps emails in the development outbox (no SMTP_URL): `npm start` needs no mail server. */
export class OutboxMailer extends Mailer {
  readonly delivers = false;

  constructor(private readonly outbox: OutboxRepository) {
    super();
  }

  async send(message: MailMessage, transaction?: Transaction): Promise<void> {
    await this.outbox.add(message, transaction);
  }
}
