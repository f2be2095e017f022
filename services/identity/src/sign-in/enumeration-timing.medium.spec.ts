import { ErrorCode, Subjects } from '@backtalk/proto';
import { performance } from 'node:perf_hooks';
import { clientAt, createAccount, useIdentity } from '../../test/identity.harness';

const PAIRS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

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

  const timedSignIn = async (email: string): Promise<number> => {
    const started = performance.now();
    await expect(
      identity.services.client.request(Subjects.IdentitySignInStart, {
        email,
        password: 'Wrong-Horse-9',
        client: clientAt(),
      }),
    ).rejects.toMatchObject({ code: ErrorCode.AuthInvalidCredentials });
    return performance.now() - started;
  };

  it('medians of interleaved wrong-password and unknown-email sign-ins are within 25 % of each other', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let index = 0; index < PAIRS; index++) {
      // Alternating which goes first, so neither always follows the other.
      const order = index % 2 === 0;
      if (order) known.push(await timedSignIn(accounts[index]!));
      unknown.push(await timedSignIn(`timed${index}.nobody@example.com`));
      if (!order) known.push(await timedSignIn(accounts[index]!));
    }
    const [a, b] = [median(known), median(unknown)];
    const within = Math.abs(a - b) <= 0.25 * Math.max(a, b);
    // One string, so a failure shows both medians.
    expect(
      `account ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms: ${within ? 'within' : 'beyond'} 25 %`,
    ).toMatch(/within 25 %$/);
  });
});
