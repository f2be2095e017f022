import { loadServiceConfig, ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import { describeNeeding, startStripeMock, stripeMockProblem, type StripeMock } from '@backtalk/testing';
import { BillingConfig } from '../billing.config';
import { StripeClient } from './stripe.client';

const describeWithStripeMock = describeNeeding('stripe-mock', stripeMockProblem());

function clientWith(env: Record<string, string>): StripeClient {
  return new StripeClient(loadServiceConfig(BillingConfig, { LOG_LEVEL: 'silent', ...env }) as BillingConfig);
}

describe('StripeClient without STRIPE_SECRET_KEY', () => {
  it('answers PAYMENTS_NOT_CONFIGURED for every call, with words saying payments are not configured', async () => {
    const stripe = clientWith({});
    expect(stripe.configured).toBe(false);
    const calls = [
      () => stripe.createExpressAccount('c'),
      () => stripe.createOnboardingLink('acct_1', 'http://x/r', 'http://x/t'),
      () => stripe.isOnboardingComplete('acct_1'),
      () => stripe.createDashboardLink('acct_1'),
      () => stripe.createCustomer('u'),
      () => stripe.createMonthlyPrice('c', 1000, null),
      () => stripe.createPortalSession('cus_1', 'http://x/'),
    ];
    for (const call of calls) {
      await expect(call()).rejects.toMatchObject({
        code: ErrorCode.PaymentsNotConfigured,
        message: expect.stringContaining('Payments are not configured'),
      });
    }
  });
});

describeWithStripeMock('StripeClient against stripe-mock (the real stripe SDK)', () => {
  let mock: StripeMock;
  let stripe: StripeClient;

  beforeAll(async () => {
    mock = await startStripeMock();
    stripe = clientWith(mock.env);
  });
  afterAll(() => mock?.close());

  it('creates an Express account and an onboarding link for it', async () => {
    const accountId = await stripe.createExpressAccount('3f1c1c1e-0000-4000-8000-000000000001');
    expect(accountId).toMatch(/^acct_/);
    await expect(
      stripe.createOnboardingLink(
        accountId,
        'http://localhost:3000/refresh/x',
        'http://localhost:3000/return/x',
      ),
    ).resolves.toMatch(/^https:\/\//);
  });

  it('reads whether onboarding is complete, and makes an Express dashboard login link', async () => {
    await expect(stripe.isOnboardingComplete('acct_123')).resolves.toEqual(expect.any(Boolean));
    await expect(stripe.createDashboardLink('acct_123')).resolves.toMatch(/^https:\/\//);
  });

  it('makes a customer, the product and a monthly usd price, a Checkout session and a portal session', async () => {
    const customerId = await stripe.createCustomer('3f1c1c1e-0000-4000-8000-000000000002');
    expect(customerId).toMatch(/^cus_/);
    const made = await stripe.createMonthlyPrice('3f1c1c1e-0000-4000-8000-000000000001', 1000, null);
    expect(made).toEqual({
      productId: expect.stringMatching(/^prod_/),
      priceId: expect.stringMatching(/^price_/),
    });
    await expect(
      stripe.createMonthlyPrice('3f1c1c1e-0000-4000-8000-000000000001', 1500, made.productId),
    ).resolves.toMatchObject({ productId: made.productId });
    await expect(
      stripe.createCheckoutSession({
        customerId,
        priceId: made.priceId,
        connectedAccountId: 'acct_123',
        userId: '3f1c1c1e-0000-4000-8000-000000000002',
        creatorId: '3f1c1c1e-0000-4000-8000-000000000001',
        successUrl: 'http://localhost:3000/?section=stripe&refresh=true',
        cancelUrl: 'http://localhost:3000/?section=ai-chat',
      }),
    ).resolves.toMatch(/^https:\/\//);
    await expect(stripe.createPortalSession(customerId, 'http://localhost:3000/account')).resolves.toMatch(
      /^https:\/\//,
    );
  });

  it('turns a Stripe it cannot reach into STRIPE_FAILED, saying to try again', async () => {
    const unreachable = clientWith({ ...mock.env, STRIPE_API_PORT: '9' });
    const error = await unreachable.isOnboardingComplete('acct_123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      code: ErrorCode.StripeFailed,
      message: expect.stringContaining('Try again'),
    });
  }, 30_000);
});
