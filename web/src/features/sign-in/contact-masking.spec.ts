import { maskContact, maskEmail, maskPhone } from './contact-masking';

describe('contact masking (spec §2 verify screen)', () => {
  it('masks an email to the first and last character of the local part', () => {
    expect(maskEmail('john.doe@example.com')).toBe('j***e@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***b@example.com');
    expect(maskEmail('a@example.com')).toBe('a@example.com');
  });

  it('leaves an email the server already masked as it is', () => {
    expect(maskEmail('j***e@example.com')).toBe('j***e@example.com');
  });

  it('shows only the last 4 digits of a phone number', () => {
    expect(maskPhone('+14155550100')).toBe('***0100');
    expect(maskPhone('+*******0100')).toBe('***0100');
    expect(maskContact('phone_number', '+44 20 7946 0958')).toBe('***0958');
    expect(maskContact('email', 'maya@example.com')).toBe('m***a@example.com');
  });
});
