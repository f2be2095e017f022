import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { SubscriptionList } from '../../api';
import { newSubscription, subscriptionList } from './subscription.fixtures';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { newCreator, resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { i18n } from '../../i18n/i18n';
import { ChatHeader } from '../chat/ChatHeader';
import { CheckoutCancelledNotice } from '../chat/CheckoutCancelledNotice';
import { browserNavigation } from '../shell/browser-navigation';
import { CHECKOUT_CANCELLED_TEXT, CONFIRM_POLL_FOR_MS, rememberCheckout } from './payment-return';
import { CONFIRMING_TEXT, NOT_CONFIRMED_TITLE, PaymentReturnView } from './PaymentReturnView';
import {
  SUBSCRIPTIONS_EMPTY_TEXT,
  SUBSCRIPTIONS_FAILED_TEXT,
  SUBSCRIPTIONS_TITLE,
  SubscriptionsPage,
} from './SubscriptionsPage';

const TILLY = newCreator({ id: '00000000-0000-4000-8000-0000000000a1', handle: 'tilly', nickName: 'Tilly' });
const DEZ = newCreator({ id: '00000000-0000-4000-8000-0000000000b2', handle: 'dez', nickName: 'Dez' });
const GONE = '00000000-0000-4000-8000-0000000000c3';

function answerSubscriptions(...answers: (SubscriptionList | 'error')[]) {
  let call = 0;
  server.use(
    http.get('/api/billing/subscriptions', () => {
      const answer = answers[Math.min(call, answers.length - 1)]!;
      call += 1;
      return answer === 'error'
        ? errorResponse(500, 'INTERNAL', 'Something went wrong')
        : HttpResponse.json(answer);
    }),
    http.get('/api/creators/{id}', ({ params }) => {
      const creator = [TILLY, DEZ].find((candidate) => candidate.id === params.id);
      return creator
        ? HttpResponse.json(creator)
        : errorResponse(404, 'CREATOR_NOT_FOUND', 'No such creator');
    }),
  );
}

function renderAt(path: string, element: React.ReactNode) {
  render(
    <WithProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={element} />
          <Route path="/account/subscriptions" element={element} />
          <Route path="*" element={<CheckoutCancelledNotice />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </WithProviders>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('/account/subscriptions', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
  });

  it('lists each creator with status, price and the next renewal or end date', async () => {
    answerSubscriptions(
      subscriptionList([
        newSubscription(TILLY.id, true),
        newSubscription(DEZ.id, true, false),
        newSubscription(GONE, false),
      ]),
    );
    renderAt('/account/subscriptions', <SubscriptionsPage />);
    expect(screen.getByRole('heading', { level: 1, name: SUBSCRIPTIONS_TITLE })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading your subscriptions' })).toBeTruthy();
    const rows = await screen.findAllByRole('listitem');
    await screen.findByRole('link', { name: 'Tilly' });
    await screen.findByText('A creator no longer on Backtalk');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Tilly.*Active.*\$10\.00 \/ month · Renews on Jun 1, 2026/),
      expect.stringMatching(/Dez.*Not renewing.*\$10\.00 \/ month · Ends on Jun 1, 2026/),
      expect.stringMatching(/no longer on Backtalk.*Ended.*Ended on Jun 1, 2026/),
    ]);
    expect(screen.getByRole('link', { name: 'Tilly' }).getAttribute('href')).toBe('/@tilly');
  });

  it('writes the date and price in the language shown, not the browser’s', async () => {
    answerSubscriptions(subscriptionList([newSubscription(TILLY.id, true)]));
    await i18n.changeLanguage('es');
    try {
      renderAt('/account/subscriptions', <SubscriptionsPage />);
      await screen.findByRole('link', { name: 'Tilly' });
      expect(screen.getByRole('listitem').textContent).toMatch(
        /10,00\s?US\$ \/ mes · Se renueva el 1 jun 2026/,
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("'Manage billing' opens the portal coming back to this page", async () => {
    const leaveTo = jest.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => undefined);
    answerSubscriptions(subscriptionList([newSubscription(TILLY.id, true)]));
    server.use(
      http.post('/api/billing/portal', () => HttpResponse.json({ url: 'https://billing.stripe.com/p/x' })),
    );
    renderAt('/account/subscriptions', <SubscriptionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://billing.stripe.com/p/x'));
    expect(apiCalls('POST', '/api/billing/portal')[0]?.body).toEqual({
      returnPath: '/account/subscriptions',
    });
  });

  it('says so when there are none, and offers no billing without a Stripe customer', async () => {
    answerSubscriptions(subscriptionList([], false));
    renderAt('/account/subscriptions', <SubscriptionsPage />);
    expect(await screen.findByText(SUBSCRIPTIONS_EMPTY_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a creator' }).getAttribute('href')).toBe('/ai-chat');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('shows a failure with Try again, which asks again', async () => {
    answerSubscriptions('error', subscriptionList([newSubscription(TILLY.id, true)]));
    renderAt('/account/subscriptions', <SubscriptionsPage />);
    expect((await screen.findByRole('alert')).textContent).toContain(SUBSCRIPTIONS_FAILED_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Tilly' })).toBeTruthy();
  });
});

describe('the returns from Checkout', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it('success: confirms the payment, then opens the chat of the creator paid for once billing has it', async () => {
    rememberCheckout({ creatorId: TILLY.id, handle: 'tilly' });
    // The webhook is not applied on the first answers; another creator's subscription does not count.
    answerSubscriptions(
      subscriptionList([newSubscription(DEZ.id, true)]),
      subscriptionList([newSubscription(TILLY.id, true), newSubscription(DEZ.id, true)]),
    );
    renderAt('/?section=stripe&refresh=true', <PaymentReturnView kind="success" />);
    expect(screen.getByRole('heading', { name: CONFIRMING_TEXT })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/@tilly'), { timeout: 6000 });
    expect(apiCalls('GET', '/api/billing/subscriptions').length).toBeGreaterThanOrEqual(2);
    expect(sessionStorage.getItem('backtalk.checkout')).toBeNull();
  });

  it('success: explains what to do when polling ends without a confirmation, and can check again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    rememberCheckout({ creatorId: TILLY.id, handle: 'tilly' });
    answerSubscriptions(subscriptionList([]));
    renderAt('/?section=stripe&refresh=true', <PaymentReturnView kind="success" />);
    await screen.findByRole('heading', { name: CONFIRMING_TEXT });
    act(() => jest.advanceTimersByTime(CONFIRM_POLL_FOR_MS));
    expect(await screen.findByRole('heading', { name: NOT_CONFIRMED_TITLE })).toBeTruthy();
    expect(screen.getByText(/Please don’t pay again/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My subscriptions' }).getAttribute('href')).toBe(
      '/account/subscriptions',
    );
    expect(screen.getByRole('link', { name: 'Back to the chat' }).getAttribute('href')).toBe('/@tilly');
    expect(location()).toBe('/?section=stripe&refresh=true');
    answerSubscriptions(subscriptionList([newSubscription(TILLY.id, true)]));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(location()).toBe('/@tilly'));
  });

  it('cancel: goes back to the chat the Checkout was for, which says nothing was charged', async () => {
    rememberCheckout({ creatorId: TILLY.id, handle: 'tilly' });
    renderAt('/?section=ai-chat', <PaymentReturnView kind="cancel" />);
    await waitFor(() => expect(location()).toBe('/@tilly'));
    expect(await screen.findByText(CHECKOUT_CANCELLED_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(CHECKOUT_CANCELLED_TEXT)).toBeNull());
    expect(sessionStorage.getItem('backtalk.checkout')).toBeNull();
  });

  it('cancel without a remembered creator: says nothing was charged where it is', () => {
    renderAt('/?section=ai-chat', <PaymentReturnView kind="cancel" />);
    expect(screen.getByText(CHECKOUT_CANCELLED_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the creators' }).getAttribute('href')).toBe('/ai-chat');
    expect(location()).toBe('/?section=ai-chat');
  });
});

describe("the chat header's Subscribed mark", () => {
  beforeEach(() => resetAppState());
  afterEach(cleanup);

  it.each([
    ['an active subscription to this creator', [newSubscription(TILLY.id, true)], true],
    ['an ended one', [newSubscription(TILLY.id, false)], false],
    ['one to another creator', [newSubscription(DEZ.id, true)], false],
  ])('%s', async (_, subscriptions, shown) => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    answerSubscriptions(subscriptionList(subscriptions));
    renderAt('/', <ChatHeader creator={TILLY} />);
    await waitFor(() => expect(apiCalls('GET', '/api/billing/subscriptions')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Subscribed') !== null).toBe(shown));
    if (!shown) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.queryByText('Subscribed')).toBeNull();
    }
  });

  it('a guest is not asked', async () => {
    signInAs({ userType: 'guest' });
    renderAt('/', <ChatHeader creator={TILLY} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(apiCalls('GET', '/api/billing/subscriptions')).toHaveLength(0);
    expect(screen.queryByText('Subscribed')).toBeNull();
  });
});
