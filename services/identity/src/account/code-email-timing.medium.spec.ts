import { Subjects } from '@backtalk/proto';
import { clientAt, createAccount, requestedEmailsHandled, useIdentity } from '../../test/identity.harness';
import { compareMedians } from '../../test/timing';

const PAIRS = 30;

/**
 * Issue 21 item 14: forgot password and resending a sign-up code must not tell, by how long they
 * take, whether an email has an account (or whether it is confirmed). Each account and unknown
 * email is asked for once per route, from a new address, so no allowance is in the way. What is
 * timed is the answer: the email sent after it is done before the next request (untimed), and the
 * pairs' median difference may be 25 % of the larger median or 3 ms (answers take a few ms; before
 * the change an account's and an unknown email's differed by 7 – 100 ms).
 */
describe('forgot password and resend answer an account and an unknown email in the same time', () => {
  const identity = useIdentity('code_email_timing');
  const confirmed = (index: number) => `timed${index}.confirmed@example.com`;
  const unconfirmed = (index: number) => `timed${index}.unconfirmed@example.com`;
  const unknown = (index: number) => `timed${index}.nobody@example.com`;

  beforeAll(async () => {
    for (let index = 0; index < PAIRS; index++) {
      await createAccount(identity.services, confirmed(index));
      await identity.services.client.request(Subjects.IdentityAccountSignUp, {
        email: unconfirmed(index),
        password: 'Correct-Horse-9',
        client: clientAt(),
      });
    }
  });

  const forgot = (email: string) =>
    identity.services.client.request(Subjects.IdentityPasswordForgot, { email, client: clientAt() });
  const resend = (email: string) =>
    identity.services.client.request(Subjects.IdentityAccountResendCode, { email, client: clientAt() });

  it.each([
    ['forgot password', 'a confirmed account', forgot, confirmed, unknown],
    ['resend', 'an unconfirmed account', resend, unconfirmed, unknown],
    ['resend', 'a confirmed account', resend, confirmed, (index: number) => `other.${unknown(index)}`],
  ])(
    '%s: %s and an unknown email, medians within 25 %% or 3 ms',
    async (_route, _account, route, account, other) => {
      const compared = await compareMedians(
        PAIRS,
        (index) => route(account(index)),
        (index) => route(other(index)),
        { floorMs: 3, between: () => requestedEmailsHandled(identity.services) },
      );
      expect(compared).toMatch(/within 25 % or 3 ms$/);
    },
  );
});
