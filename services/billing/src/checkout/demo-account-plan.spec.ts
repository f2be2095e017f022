import { type DemoAccountFacts, needsDemoAccount } from './demo-account-plan';

const demoOnTestKey: DemoAccountFacts = {
  demoAccount: true,
  paymentsConfigured: true,
  testMode: true,
  hasAccount: false,
};

describe('needsDemoAccount', () => {
  it.each<[string, Partial<DemoAccountFacts>, boolean]>([
    ['a demo creator without an account, test-mode key', {}, true],
    ['a demo creator who has one already', { hasAccount: true }, false],
    ['a real creator without an account (they onboard themselves)', { demoAccount: false }, false],
    ['a live key (demo creators are fictional: nobody to pay out)', { testMode: false }, false],
    ['no key at all', { paymentsConfigured: false, testMode: false }, false],
  ])('%s: %s', (_case, facts, expected) => {
    expect(needsDemoAccount({ ...demoOnTestKey, ...facts })).toBe(expected);
  });
});
