import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { browserNavigation } from '../shell/browser-navigation';
import { EARNINGS_EMPTY_TEXT, FUNNEL_STAGES } from './EarningsCard';
import { FINISH_ONBOARDING_TEXT, FinishOnboardingButton } from './FinishOnboardingButton';
import { PAYMENTS_LEAD, PaymentsPage } from './PaymentsPage';
import { REFRESH_FAILED_TEXT, REFRESH_UNREACHABLE_TEXT, RefreshPage } from './RefreshPage';
import { ReturnPage } from './ReturnPage';
import { StripeSignupPage } from './StripeSignupPage';

const ACCOUNT = 'acct_1Test';
const split = (pricePerSubscription: number) => ({
  pricePerSubscription,
  currency: 'usd' as const,
  platformFeePercent: 10,
  platformFee: Math.round(pricePerSubscription / 10),
  stripeFeeEstimate: Math.round(pricePerSubscription * 0.029) + 30,
  creatorShare: pricePerSubscription - Math.round(pricePerSubscription / 10),
});

const MONDAY = Date.UTC(2026, 10, 16);
const earnings = (figures: { subscribers?: number; revenue?: number; funnel?: number[] } = {}) => ({
  currency: 'usd' as const,
  weeks: Array.from({ length: 12 }, (_, index) => {
    const last = index === 11;
    return {
      weekStart: new Date(MONDAY - (11 - index) * 7 * 86_400_000).toISOString(),
      subscribers: last ? (figures.subscribers ?? 0) : 0,
      newSubscribers: last ? (figures.subscribers ?? 0) : 0,
      grossRevenue: last ? (figures.revenue ?? 0) : 0,
      creatorRevenue: last ? Math.round((figures.revenue ?? 0) * 0.9) : 0,
    };
  }),
  funnel: {
    fans: figures.funnel?.[0] ?? 0,
    reachedLimit: figures.funnel?.[1] ?? 0,
    subscribed: figures.funnel?.[2] ?? 0,
    cancelled: figures.funnel?.[3] ?? 0,
  },
});

function renderAt(path: string) {
  render(
    <WithProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/creator/stripe-signup" element={<StripeSignupPage />} />
          <Route path="/creator/payments" element={<PaymentsPage />} />
          <Route path="/creator" element={<FinishOnboardingButton />} />
          <Route path="/return/:accountId" element={<ReturnPage />} />
          <Route path="/refresh/:accountId" element={<RefreshPage />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </WithProviders>,
  );
}

describe('payments screens', () => {
  let leaveTo: jest.SpyInstance;
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'authenticated', email: 'creator@example.com', isCreator: true });
    leaveTo = jest.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it("'Start Earning with Stripe' goes to the onboarding link billing made", async () => {
    server.use(
      http.post('/api/billing/onboarding', () =>
        HttpResponse.json({ accountId: ACCOUNT, url: 'https://connect.stripe.com/setup/e/acct_1Test/x' }),
      ),
    );
    renderAt('/creator/stripe-signup');
    fireEvent.click(screen.getByRole('button', { name: 'Start Earning with Stripe' }));
    await waitFor(() =>
      expect(leaveTo).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1Test/x'),
    );
  });

  it("shows the server's words when onboarding cannot start (payments not configured)", async () => {
    const message = 'Payments are not configured on this Backtalk server.';
    server.use(
      http.post('/api/billing/onboarding', ({ response }) =>
        response.untyped(errorResponse(503, 'PAYMENTS_NOT_CONFIGURED', message)),
      ),
    );
    renderAt('/creator/stripe-signup');
    fireEvent.click(screen.getByRole('button', { name: 'Start Earning with Stripe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it.each([
    ['the creator is not found', 404, 'CREATOR_NOT_FOUND', null, 'Creator not found'],
    ['the session ended', 401, 'UNAUTHORIZED', null, 'User not authenticated'],
    ['Stripe fails before an account exists', 502, 'STRIPE_FAILED', null, 'Error creating Stripe account'],
    [
      'Stripe fails making the link of an account',
      502,
      'STRIPE_FAILED',
      ACCOUNT,
      'Error creating Stripe onboarding link',
    ],
  ])(
    'says the spec §8 words under the payment button when %s',
    async (_case, status, code, accountId, text) => {
      server.use(
        http.get('/api/billing/onboarding', () => HttpResponse.json({ status: 'incomplete', accountId })),
        http.post('/api/billing/onboarding', ({ response }) =>
          response.untyped(errorResponse(status, code, 'the server said something else')),
        ),
      );
      renderAt('/creator/stripe-signup');
      // Whether billing holds the account after the failure decides between the account and the link.
      fireEvent.click(screen.getByRole('button', { name: 'Start Earning with Stripe' }));
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      expect(leaveTo).not.toHaveBeenCalled();
    },
  );

  it.each([
    [{ accountId: '', url: 'https://connect.stripe.com/x' }, 'Stripe account ID not set after creation'],
    [{ accountId: ACCOUNT, url: '' }, 'No onboarding URL returned from Stripe'],
  ])('says what billing left out of its answer: %j', async (body, text) => {
    server.use(http.post('/api/billing/onboarding', () => HttpResponse.json(body)));
    renderAt('/creator/stripe-signup');
    fireEvent.click(screen.getByRole('button', { name: 'Start Earning with Stripe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('/return/{accountId} says details were submitted and goes to /?section=stripe after 3 seconds', () => {
    jest.useFakeTimers();
    renderAt(`/return/${ACCOUNT}`);
    expect(screen.getByRole('heading', { name: 'Details submitted' })).toBeTruthy();
    expect(screen.getByText("That's everything we need for now")).toBeTruthy();
    expect(screen.getByText('Redirecting you back to the dashboard in 3 seconds...')).toBeTruthy();
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.getByTestId('location').textContent).toBe(`/return/${ACCOUNT}`);
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByTestId('location').textContent).toBe('/?section=stripe');
  });

  it('/refresh/{accountId} asks once for a new link for that account and goes there', async () => {
    server.use(
      http.post('/api/billing/onboarding/{accountId}/link', () =>
        HttpResponse.json({ url: 'https://connect.stripe.com/setup/e/acct_1Test/new' }),
      ),
    );
    renderAt(`/refresh/${ACCOUNT}`);
    await waitFor(() =>
      expect(leaveTo).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1Test/new'),
    );
    expect(apiCalls('POST').map((call) => call.path)).toEqual([`/api/billing/onboarding/${ACCOUNT}/link`]);
  });

  it("/refresh/{accountId} shows 'Something went wrong!' with billing's reason, Try again and a way back", async () => {
    let refusals = 1;
    server.use(
      http.post('/api/billing/onboarding/{accountId}/link', ({ response }) =>
        refusals-- > 0
          ? response.untyped(
              errorResponse(404, 'STRIPE_ACCOUNT_NOT_FOUND', 'No Stripe account of yours has this id.'),
            )
          : response(200).json({ url: 'https://connect.stripe.com/setup/e/acct_1Test/again' }),
      ),
    );
    renderAt(`/refresh/${ACCOUNT}`);
    expect((await screen.findByRole('alert')).textContent).toBe('No Stripe account of yours has this id.');
    expect(screen.getByRole('heading', { name: REFRESH_FAILED_TEXT })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Creator Home' }).getAttribute('href')).toBe('/creator');
    expect(leaveTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(leaveTo).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1Test/again'),
    );
    expect(apiCalls('POST')).toHaveLength(2);
  });

  it('/refresh/{accountId} says Backtalk could not be reached when the request fails', async () => {
    server.use(http.post('/api/billing/onboarding/{accountId}/link', () => HttpResponse.error()));
    renderAt(`/refresh/${ACCOUNT}`);
    expect((await screen.findByRole('alert')).textContent).toBe(REFRESH_UNREACHABLE_TEXT);
    expect(screen.getByRole('link', { name: 'Back to Creator Home' })).toBeTruthy();
  });

  it('shows the sticky finish button while onboarding is incomplete, nothing once complete', async () => {
    server.use(
      http.get('/api/billing/onboarding', () =>
        HttpResponse.json({ status: 'incomplete', accountId: ACCOUNT }),
      ),
    );
    renderAt('/creator');
    expect(await screen.findByRole('button', { name: FINISH_ONBOARDING_TEXT })).toBeTruthy();
    cleanup();
    resetAppState();
    signInAs({ userType: 'authenticated', email: 'creator@example.com', isCreator: true });
    server.use(
      http.get('/api/billing/onboarding', () =>
        HttpResponse.json({ status: 'complete', accountId: ACCOUNT }),
      ),
    );
    renderAt('/creator');
    await waitFor(() => expect(apiCalls('GET', '/api/billing/onboarding').length).toBeGreaterThan(1));
    expect(screen.queryByRole('button', { name: FINISH_ONBOARDING_TEXT })).toBeNull();
  });

  describe('/creator/payments', () => {
    beforeEach(() => {
      server.use(
        http.get('/api/billing/onboarding', () =>
          HttpResponse.json({ status: 'complete', accountId: ACCOUNT }),
        ),
        http.get('/api/billing/price', () => HttpResponse.json(split(1000))),
        http.get('/api/billing/earnings', () => HttpResponse.json(earnings())),
        http.get('/api/billing/price/changes', () => HttpResponse.json({ changes: [] })),
        http.get('/api/digest/setting', () => HttpResponse.json({ weeklyDigest: true })),
      );
    });

    it('lists a pending price change and switches the weekly digest off', async () => {
      server.use(
        http.get('/api/billing/price/changes', () =>
          HttpResponse.json({
            changes: [
              {
                id: '0b6f1d3a-1111-4c53-9d55-2f1a4a4c7d10',
                fromPrice: 1000,
                toPrice: 1500,
                currency: 'usd',
                noticeAt: '2026-11-27T12:00:00.000Z',
                subscribers: 2,
                pending: 2,
                firstEffectiveAt: '2026-12-28T12:00:00.000Z',
                lastEffectiveAt: '2026-12-28T12:00:00.000Z',
              },
            ],
          }),
        ),
        http.put('/api/digest/setting', async ({ request }) =>
          HttpResponse.json((await request.json()) as { weeklyDigest: boolean }),
        ),
      );
      renderAt('/creator/payments');
      const list = await screen.findByRole('list', { name: 'Price changes' });
      expect(list.textContent).toContain('$10.00 → $15.00, set on Nov 27, 2026');
      expect(list.textContent).toContain('2 subscribers still on $10.00 move on Dec 28, 2026');
      const toggle = await screen.findByRole('checkbox', { name: 'Email me the weekly digest' });
      expect((toggle as HTMLInputElement).checked).toBe(true);
      fireEvent.click(toggle);
      await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
      expect(apiCalls('PUT', '/api/digest/setting').map((call) => call.body)).toEqual([
        { weeklyDigest: false },
      ]);
    });

    it('draws the earnings: totals, the charts and the funnel with the shares of fans and subscribers', async () => {
      server.use(
        http.get('/api/billing/earnings', () =>
          HttpResponse.json(earnings({ subscribers: 2, revenue: 2500, funnel: [10, 4, 2, 1] })),
        ),
      );
      renderAt('/creator/payments');
      expect(screen.getByRole('status', { name: 'Loading your earnings' })).toBeTruthy();
      expect(await screen.findByText('Subscribers now')).toBeTruthy();
      expect(screen.getByText('$22.50')).toBeTruthy();
      expect(screen.getByText('Subscribers by week')).toBeTruthy();
      expect(screen.getByText('Revenue by week (USD)')).toBeTruthy();
      const funnel = screen.getByRole('list', { name: 'Funnel' });
      expect([...funnel.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
        `${FUNNEL_STAGES[0]}: 10`,
        `${FUNNEL_STAGES[1]}: 4 (40% of fans)`,
        `${FUNNEL_STAGES[2]}: 2 (20% of fans)`,
        `${FUNNEL_STAGES[3]}: 1 (50% of subscribers)`,
      ]);
    });

    it('says so when there is nothing to draw yet', async () => {
      renderAt('/creator/payments');
      expect(await screen.findByText(EARNINGS_EMPTY_TEXT)).toBeTruthy();
      expect(screen.queryByText('Subscribers by week')).toBeNull();
    });

    it("shows billing's error and asks again on 'Try again'", async () => {
      let calls = 0;
      server.use(
        http.get('/api/billing/earnings', () =>
          ++calls === 1
            ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'chat-inference is not answering. Try again shortly.')
            : HttpResponse.json(earnings({ funnel: [3, 0, 0, 0] })),
        ),
      );
      renderAt('/creator/payments');
      expect(
        (
          await screen.findByText(/Could not load your earnings: chat-inference is not answering/)
        ).getAttribute('role'),
      ).toBe('alert');
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      const funnel = await screen.findByRole('list', { name: 'Funnel' });
      expect(funnel.querySelector('li')?.textContent).toBe(`${FUNNEL_STAGES[0]}: 3`);
    });

    it('shows the lead, the split of a payment and the dashboard link', async () => {
      server.use(
        http.post('/api/billing/dashboard-link', () =>
          HttpResponse.json({ url: 'https://connect.stripe.com/express/x' }),
        ),
      );
      renderAt('/creator/payments');
      expect(screen.getByText(PAYMENTS_LEAD)).toBeTruthy();
      expect(await screen.findByText('Stripe account ready to get paid')).toBeTruthy();
      expect((await screen.findByLabelText('Monthly price ($)')) as HTMLInputElement).toHaveProperty(
        'value',
        '10.00',
      );
      expect(screen.getByText('−$1.00')).toBeTruthy();
      expect(screen.getByText('$9.00 (90%)')).toBeTruthy();
      expect(screen.getByText(/about \$0\.59/)).toBeTruthy();
      // The landing page's 80% is explained where the money is shown (share-promise.ts).
      expect(screen.getByTestId('share-promise').textContent).toMatch(/at least 80%.*you keep 90%\.$/);
      fireEvent.click(screen.getByRole('button', { name: 'Open Stripe Dashboard' }));
      await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://connect.stripe.com/express/x'));
    });

    it('saves a new price in cents and shows its split; refuses under $5.00 without asking', async () => {
      server.use(
        http.put('/api/billing/price', async ({ request }) =>
          HttpResponse.json(
            split(((await request.json()) as { pricePerSubscription: number }).pricePerSubscription),
          ),
        ),
      );
      renderAt('/creator/payments');
      const input = (await screen.findByLabelText('Monthly price ($)')) as HTMLInputElement;
      fireEvent.change(input, { target: { value: '4.99' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
      expect((await screen.findByText('The minimum price is $5.00')).getAttribute('role')).toBe('alert');
      expect(apiCalls('PUT')).toHaveLength(0);

      fireEvent.change(input, { target: { value: '12.50' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save price' }));
      expect(await screen.findByText('Price updated!')).toBeTruthy();
      expect(apiCalls('PUT', '/api/billing/price').map((call) => call.body)).toEqual([
        { pricePerSubscription: 1250 },
      ]);
      expect(screen.getByText('$11.25 (90%)')).toBeTruthy();
    });
  });
});
