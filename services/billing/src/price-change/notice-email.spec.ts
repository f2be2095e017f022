import { mailSendRequestSchema } from '@backtalk/proto';
import { priceChangeNotice } from './notice-email';

describe('priceChangeNotice (the subscriber’s email, spec §9)', () => {
  const base = {
    changeId: '0b6f1d3a-1111-4c53-9d55-2f1a4a4c7d10',
    userId: '7f1d3a52-52a4-4c53-9d55-2f1a4a4c7d10',
    creatorName: 'Rio Moves',
    effectiveAt: new Date('2027-01-07T12:00:00Z'),
  };

  it.each([
    [1000, 1500, 'rises from $10.00 to $15.00', 'changes to $15.00 a month'],
    [1500, 500, 'falls from $15.00 to $5.00', 'changes to $5.00 a month'],
  ])('%i → %i: %s', (fromPrice, toPrice, sentence, subject) => {
    const mail = priceChangeNotice({ ...base, fromPrice, toPrice });
    expect(mail.subject).toBe(`Your subscription to Rio Moves ${subject}`);
    expect(mail.text).toContain(sentence);
    expect(mail.text).toContain('until your renewal on January 7, 2027');
    expect(mail.text).toContain('Manage billing');
    expect(mail.idempotencyKey).toBe(`price-change:${base.changeId}:${base.userId}`);
    expect(mailSendRequestSchema.safeParse(mail).success).toBe(true);
  });
});
