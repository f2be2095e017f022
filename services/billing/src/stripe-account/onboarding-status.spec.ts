import type { ObjectVersion } from '../webhook-event/object-version';
import {
  onboardingCompleteOf,
  type OnboardingObservation,
  onboardingRecordOf,
  onboardingStatus,
  type StripeAccountCheck,
  versionOf,
} from './onboarding-status';

describe('onboardingCompleteOf (spec §4: from the Stripe account)', () => {
  it.each`
    charges_enabled | details_submitted | complete
    ${false}        | ${false}          | ${false}
    ${false}        | ${true}           | ${false}
    ${true}         | ${false}          | ${false}
    ${true}         | ${true}           | ${true}
  `(
    'charges $charges_enabled, details $details_submitted: $complete',
    ({ charges_enabled, details_submitted, complete }) => {
      expect(onboardingCompleteOf({ charges_enabled, details_submitted })).toBe(complete);
    },
  );
});

describe('onboardingStatus (spec §4 "Onboarding status")', () => {
  const account = (onboardingComplete: boolean) => ({ stripeAccountId: 'acct_1', onboardingComplete });
  const stripe: Record<string, StripeAccountCheck | null> = {
    'not asked': null,
    complete: { complete: true },
    'not complete': { complete: false },
    'failed: timeout': { failed: 'Stripe could not complete this request. Try again in a minute.' },
  };
  const accounts = { none: null, 'stored incomplete': account(false), 'stored complete': account(true) };

  it.each`
    demoAccount | stored                 | stripeSays           | answer
    ${true}     | ${'none'}              | ${'not asked'}       | ${{ status: 'complete' }}
    ${true}     | ${'stored incomplete'} | ${'not asked'}       | ${{ status: 'complete' }}
    ${false}    | ${'none'}              | ${'not asked'}       | ${{ status: 'incomplete' }}
    ${false}    | ${'stored complete'}   | ${'not asked'}       | ${{ status: 'complete' }}
    ${false}    | ${'stored incomplete'} | ${'not asked'}       | ${{ askStripe: 'acct_1' }}
    ${false}    | ${'stored incomplete'} | ${'complete'}        | ${{ status: 'complete' }}
    ${false}    | ${'stored incomplete'} | ${'not complete'}    | ${{ status: 'incomplete' }}
    ${false}    | ${'stored incomplete'} | ${'failed: timeout'} | ${{ status: 'error', message: 'Stripe could not complete this request. Try again in a minute.' }}
    ${false}    | ${'none'}              | ${'complete'}        | ${{ status: 'incomplete' }}
  `(
    'demo $demoAccount, $stored, Stripe $stripeSays: $answer',
    ({ demoAccount, stored, stripeSays, answer }: Record<string, never>) => {
      const facts = { demoAccount, account: accounts[stored], stripe: stripe[stripeSays] ?? null };
      expect(onboardingStatus(facts as Parameters<typeof onboardingStatus>[0])).toEqual(answer);
    },
  );
});

describe('onboardingRecordOf: the guard of onboardingComplete', () => {
  /** T: a whole second, as Stripe's event times are; times below are seconds after it. */
  const T = Date.parse('2026-03-01T12:00:00Z');
  const event = (seconds: number, complete: boolean): OnboardingObservation => ({
    stripeAccountId: 'acct_1',
    complete,
    observedAt: new Date(T + seconds * 1000),
    source: 'event',
  });
  const check = (seconds: number, complete: boolean): OnboardingObservation => ({
    ...event(seconds, complete),
    source: 'status-check',
  });
  const storedAfter = (observation: OnboardingObservation): ObjectVersion => versionOf(observation);

  /**
   * What is recorded already × a new observation of account.updated (an event, at its created
   * time) or the status check (when it asked Stripe) → whether it is written. A redelivered
   * event never gets here (ApplyStripeEvent finds its id), and would write the same again.
   */
  it.each`
    stored                           | observation          | known    | recorded             | why
    ${null}                          | ${event(0, true)}    | ${true}  | ${'recorded'}        | ${'the first observation'}
    ${null}                          | ${event(0, true)}    | ${false} | ${'unknown-account'} | ${'the event overtook billing storing the account: retried'}
    ${storedAfter(event(0, false))}  | ${event(1, true)}    | ${true}  | ${'recorded'}        | ${'in order'}
    ${storedAfter(event(1, true))}   | ${event(0, false)}   | ${true}  | ${'stale'}           | ${'late: older than what is recorded'}
    ${storedAfter(event(1, true))}   | ${event(0, false)}   | ${false} | ${'stale'}           | ${'late for an account gone since: nothing to retry'}
    ${storedAfter(event(0, true))}   | ${event(0, true)}    | ${true}  | ${'recorded'}        | ${'the same observation again: the same flag'}
    ${storedAfter(event(0, false))}  | ${event(0, true)}    | ${true}  | ${'recorded'}        | ${'same second: complete comes after incomplete'}
    ${storedAfter(event(0, true))}   | ${event(0, false)}   | ${true}  | ${'stale'}           | ${'same second: incomplete does not undo complete'}
    ${storedAfter(event(2, false))}  | ${check(0, true)}    | ${true}  | ${'stale'}           | ${'the check asked Stripe before charges were disabled (issue 21)'}
    ${storedAfter(event(0, false))}  | ${check(0.9, true)}  | ${true}  | ${'stale'}           | ${'a check gives way to an event of its second'}
    ${storedAfter(event(0, false))}  | ${check(1, true)}    | ${true}  | ${'recorded'}        | ${'a check of a later second'}
    ${storedAfter(check(0.3, true))} | ${event(0, false)}   | ${true}  | ${'recorded'}        | ${'an event of the same second wins over a check'}
    ${storedAfter(check(1.5, true))} | ${event(0, false)}   | ${true}  | ${'stale'}           | ${'an event older than the check'}
    ${storedAfter(check(0.2, true))} | ${check(0.7, false)} | ${true}  | ${'recorded'}        | ${'two checks of one second: the later write'}
    ${storedAfter(check(3, true))}   | ${check(1, false)}   | ${true}  | ${'stale'}           | ${'a check that asked earlier'}
  `('$why: $recorded', ({ stored, observation, known, recorded }) => {
    expect(onboardingRecordOf({ accountKnown: known, version: stored }, observation)).toBe(recorded);
  });
});
