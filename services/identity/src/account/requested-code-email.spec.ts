import { codeEmailDue } from './requested-code-email';

describe('codeEmailDue', () => {
  it.each([
    ['password-reset', { confirmed: true }, 'code'],
    ['password-reset', { confirmed: false }, 'nothing'],
    ['password-reset', null, 'nothing'],
    ['sign-up', { confirmed: false }, 'code'],
    ['sign-up', { confirmed: true }, 'already-confirmed'],
    ['sign-up', null, 'nothing'],
  ] as const)('%s for %j sends %s', (purpose, account, due) => {
    expect(codeEmailDue(purpose, account)).toBe(due);
  });
});
