import type { MailSendRequest } from '@backtalk/proto';

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
const day = (date: Date): string =>
  date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/**
 * The email an existing subscriber gets when the creator changes the price (spec §9, 30 days'
 * notice): the old and new price, the renewal from which the new one is charged, and how to cancel.
 */
export function priceChangeNotice(input: {
  changeId: string;
  userId: string;
  creatorName: string;
  fromPrice: number;
  toPrice: number;
  effectiveAt: Date;
}): MailSendRequest {
  const { creatorName, fromPrice, toPrice, effectiveAt } = input;
  const direction = toPrice > fromPrice ? 'rises' : 'falls';
  return {
    userId: input.userId,
    idempotencyKey: `price-change:${input.changeId}:${input.userId}`,
    subject: `Your subscription to ${creatorName} changes to ${dollars(toPrice)} a month`,
    text: [
      `The monthly price of your Backtalk subscription to ${creatorName} ${direction} from ${dollars(fromPrice)} to ${dollars(toPrice)}.`,
      '',
      `You keep paying ${dollars(fromPrice)} until your renewal on ${day(effectiveAt)} (at least 30 days from today), and ${dollars(toPrice)} a month from then on. Nothing else about your subscription changes.`,
      '',
      'If you would rather not continue, cancel any time before then: My subscriptions → Manage billing. You keep access until the end of the month you paid for.',
    ].join('\n'),
  };
}
