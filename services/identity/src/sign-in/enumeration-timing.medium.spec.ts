import { ErrorCode, Subjects } from '@backtalk/proto';
import { clientAt, createAccount, useIdentity } from '../../test/identity.harness';
import { compareMedians } from '../../test/timing';

const PAIRS = 20;

/**
 * Issue 21 item 14: how long an answer takes must not tell whether an email has an account.
 * Requests for an account and for an unknown email alternate (so load on the machine falls on
 * both alike), each account and email is tried once (no slow-down or lockout in the way), and
 * the medians are compared — not any absolute speed.
 */
describe('sign-in answers a wrong password and an unknown email in the same time', () => {
  const identity = useIdentity('enumeration_timing');
  const accounts: string[] = [];

  beforeAll(async () => {
    for (let index = 0; index < PAIRS; index++) {
      const email = `timed${index}.account@example.com`;
      await createAccount(identity.services, email);
      accounts.push(email);
    }
  });

  const signIn = (email: string) =>
    expect(
      identity.services.client.request(Subjects.IdentitySignInStart, {
        email,
        password: 'Wrong-Horse-9',
        client: clientAt(),
      }),
    ).rejects.toMatchObject({ code: ErrorCode.AuthInvalidCredentials });

  it('medians of interleaved wrong-password and unknown-email sign-ins are within 25 % of each other', async () => {
    const compared = await compareMedians(
      PAIRS,
      (index) => signIn(accounts[index]!),
      (index) => signIn(`timed${index}.nobody@example.com`),
    );
    expect(compared).toMatch(/within 25 %$/);
  });
});
