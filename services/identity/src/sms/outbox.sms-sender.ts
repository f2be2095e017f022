import type { Transaction } from '@backtalk/kit';
import { OutboxRepository } from '../mail/outbox.repository';
import { type SmsMessage, SmsSender } from './sms-sender';

/** Keeps texts in the development outbox beside the emails (no SMS_PROVIDER): `npm start` needs no provider. */
export class OutboxSmsSender extends SmsSender {
  readonly delivers = false;

  constructor(private readonly outbox: OutboxRepository) {
    super();
  }

  async send(message: SmsMessage, transaction?: Transaction): Promise<void> {
    await this.outbox.add(
      { channel: 'sms', to: message.to, subject: 'SMS', text: message.text },
      transaction,
    );
  }
}
