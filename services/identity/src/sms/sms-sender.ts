import type { Transaction } from '@backtalk/kit';

export interface SmsMessage {
  /** E.164 (+14155550100): phone-number.ts normalises every number before it gets here. */
  to: string;
  text: string;
}

/**
 * Sends identity's text messages (docs/architecture.md, "SMS"): through Twilio or Amazon SNS
 * (SMS_PROVIDER), or into the development outbox. `transaction` lets the outbox write inside the
 * caller's transaction. A provider's failure is AUTH_SMS_DELIVERY_FAILED.
 */
export abstract class SmsSender {
  /** Whether texts really leave (a provider) rather than stay in the outbox. */
  abstract readonly delivers: boolean;
  abstract send(message: SmsMessage, transaction?: Transaction): Promise<void>;
}
