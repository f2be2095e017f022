/** What billing knows when a fan subscribes to a creator. */
export interface DemoAccountFacts {
  /** The creator is one of the seeded demo creators (creators' record). */
  demoAccount: boolean;
  /** Billing has a Stripe key. */
  paymentsConfigured: boolean;
  /** That key is a test-mode key. */
  testMode: boolean;
  /** The creator has a connected account already. */
  hasAccount: boolean;
}

/**
 * Whether Checkout should first give a demo creator a connected account (docs/billing.md, "Demo
 * creators"): only a demo creator without one, on a server whose Stripe key is a test-mode key —
 * so the first run's journey (landing → limit → Sign Up → Subscribe) can end in a test subscription.
 * Never with a live key: demo creators are fictional, nobody could be paid out.
 */
export function needsDemoAccount(facts: DemoAccountFacts): boolean {
  return facts.demoAccount && facts.paymentsConfigured && facts.testMode && !facts.hasAccount;
}
