import { Role } from '@backtalk/proto/browser';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HttpResponse } from 'msw';
import { apiCalls, errorResponse, http, noSessionCookie, server } from '../../test/api-mock';
import { newSessionInfo, resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { STORAGE_KEYS, useSessionStore } from '../session';
import { Navbar } from './Navbar';
import { usePasskeyDialogStore } from '../passkeys/passkeys.store';
import { browserNavigation } from './browser-navigation';
import { NO_BILLING_ACCOUNT_TEXT, SIGN_OUT_FAILED_TEXT } from './UserMenu';

const noSubscriptions = { subscriptions: [], canManageBilling: false, paymentsConfigured: true };

function renderNavbar(path = '/') {
  render(
    <WithProviders>
      <MemoryRouter initialEntries={[path]}>
        <Navbar />
        <LocationProbe />
      </MemoryRouter>
    </WithProviders>,
  );
}
// Radix opens a menu on pointerdown, which jsdom cannot send with a button; Enter opens it too.
const openMenu = (name: string) => fireEvent.keyDown(screen.getByRole('button', { name }), { key: 'Enter' });
const openUserMenu = () => openMenu('Account menu');
const menuItems = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

describe('Navbar', () => {
  beforeEach(() => {
    resetAppState();
    server.use(http.get('/api/billing/subscriptions', () => HttpResponse.json(noSubscriptions)));
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
  });

  it('shows the brand and a hamburger that toggles the menu', () => {
    signInAs();
    renderNavbar();
    expect(screen.getByRole('link', { name: 'Backtalk home' }).textContent).toBe('Backtalk');
    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    expect(hamburger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(hamburger);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Main' }).className).toContain('navbar__menu--open');
  });

  it('closes the hamburger menu when a link in it navigates', () => {
    signInAs();
    renderNavbar();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.click(screen.getByRole('link', { name: 'Are you a Creator?' }));
    expect(screen.getByTestId('location').textContent).toBe('/creator/signup');
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('navigation', { name: 'Main' }).className).not.toContain('navbar__menu--open');
  });

  it("labels a guest's menu 'Guest' with 'Sign In', which remembers the page", () => {
    signInAs();
    renderNavbar('/@maya.makes');
    expect(screen.getByRole('link', { name: 'Are you a Creator?' }).getAttribute('href')).toBe(
      '/creator/signup',
    );
    expect(screen.getByRole('button', { name: 'Account menu' }).textContent).toBe('Guest');
    openUserMenu();
    expect(menuItems()).toEqual(['My chats', 'Sign In']);
    // Phones reach their chats from the navbar itself (shown at ≤ 768 px by CSS).
    expect(screen.getByRole('link', { name: 'My chats' }).getAttribute('href')).toBe('/chats');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign In' }));
    expect(screen.getByTestId('location').textContent).toBe('/sign-in');
    expect(localStorage.getItem(STORAGE_KEYS.signInRedirectPath)).toBe('/@maya.makes');
  });

  it("shows a 'Sign In' button to visitors without any session", () => {
    useSessionStore.setState({ status: 'anonymous', user: null });
    renderNavbar();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
  });

  it("gives a registered fan their email, 'Manage Billing' and 'Sign Out'", async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    renderNavbar();
    expect(screen.getByRole('button', { name: 'Account menu' }).textContent).toBe('fan@example.com');
    await waitFor(() => expect(apiCalls('GET', '/api/billing/subscriptions')).toHaveLength(1));
    openUserMenu();
    expect(menuItems()).toEqual([
      'My chats',
      'Manage Billing',
      'My subscriptions',
      'Account',
      'Register a passkey',
      'Delete account',
      'Sign Out',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Account' }).getAttribute('href')).toBe('/account');
    // Without a Stripe customer (no subscription yet) there is no portal to open.
    const billing = screen.getByRole('menuitem', { name: 'Manage Billing' });
    expect(billing.getAttribute('aria-disabled')).toBe('true');
    expect(billing.getAttribute('title')).toBe(NO_BILLING_ACCOUNT_TEXT);
    expect(screen.queryByRole('button', { name: 'Admin menu' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Are you a Creator?' })).toBeTruthy();
  });

  it("opens the Stripe customer portal from 'Manage Billing', coming back to the same page", async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    server.use(
      http.get('/api/billing/subscriptions', () =>
        HttpResponse.json({ ...noSubscriptions, canManageBilling: true }),
      ),
      http.post('/api/billing/portal', () =>
        HttpResponse.json({ url: 'https://billing.stripe.com/p/session/test' }),
      ),
    );
    const leaveTo = jest.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => undefined);
    renderNavbar('/@maya.makes?x=1');
    await waitFor(() => expect(apiCalls('GET', '/api/billing/subscriptions')).toHaveLength(1));
    openUserMenu();
    const billing = await screen.findByRole('menuitem', { name: 'Manage Billing' });
    await waitFor(() => expect(billing.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Manage Billing' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test'));
    expect(apiCalls('POST', '/api/billing/portal').map((call) => call.body)).toEqual([
      { returnPath: '/@maya.makes?x=1' },
    ]);
  });

  it("falls back to 'User' without an email", () => {
    signInAs({ userType: 'authenticated', email: null });
    renderNavbar();
    expect(screen.getByRole('button', { name: 'Account menu' }).textContent).toBe('User');
  });

  it("gives creators a 'Creator' badge and their tools, and hides 'Are you a Creator?'", () => {
    signInAs({ userType: 'authenticated', email: 'maya@example.com', isCreator: true });
    renderNavbar();
    expect(screen.getByRole('button', { name: 'Account menu' }).textContent).toBe('maya@example.comCreator');
    expect(screen.queryByRole('link', { name: 'Are you a Creator?' })).toBeNull();
    openUserMenu();
    expect(menuItems()).toEqual([
      'My chats',
      'Creator Tools',
      'Preview',
      'Posts',
      'Payments',
      'Safety',
      'Insights',
      'Knowledge',
      'Inbox',
      'Account',
      'Register a passkey',
      'Delete account',
      'Sign Out',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Posts' }).getAttribute('href')).toBe('/creator/posts');
  });

  it('shows the Admin menu to admins only', () => {
    signInAs({ userType: 'authenticated', email: 'boss@example.com', groups: [Role.Admin] });
    renderNavbar();
    openMenu('Admin menu');
    expect(screen.getByRole('menuitem', { name: 'Demo Accounts' }).getAttribute('href')).toBe(
      '/admin/demo-accounts',
    );
    expect(screen.getByRole('menuitem', { name: 'Reports' }).getAttribute('href')).toBe('/admin/reports');
  });

  it('signs an authenticated user out to a guest session', async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    server.use(
      http.post('/api/auth/sign-out', ({ response }) => response(200).json({ endSessionUrl: null })),
      noSessionCookie(),
      http.post('/api/auth/guest', ({ response }) =>
        response(201).json({
          userId: 'g',
          tokens: { idToken: 'i', accessToken: 'a2', expiresIn: 3600 },
        }),
      ),
      http.get('/api/auth/session', ({ response }) => response(200).json(newSessionInfo())),
    );
    renderNavbar('/ai-chat');
    openUserMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account menu' }).textContent).toBe('Guest'),
    );
    // The router applies navigations in a transition, which the sign-out's store updates can delay.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  const answerGuest = () =>
    server.use(
      noSessionCookie(),
      http.post('/api/auth/guest', ({ response }) =>
        response(201).json({
          userId: 'g',
          tokens: { idToken: 'i', accessToken: 'a2', expiresIn: 3600 },
        }),
      ),
      http.get('/api/auth/session', ({ response }) => response(200).json(newSessionInfo())),
    );

  it("says 'Failed to sign out. Please try again.' when the server does not sign out, and stays signed in", async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    server.use(
      http.post('/api/auth/sign-out', () => errorResponse(503, 'UNAVAILABLE', 'Identity is unavailable.')),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderNavbar('/ai-chat');
    openUserMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(SIGN_OUT_FAILED_TEXT);
    expect(screen.getByRole('button', { name: 'Account menu' }).textContent).toBe('fan@example.com');
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(screen.getByTestId('location').textContent).toBe('/ai-chat');
    // 'Return Home' (spec §8) goes home and closes the message.
    fireEvent.click(screen.getByRole('button', { name: 'Return Home' }));
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("goes to the OAuth provider's logout page (a full-page navigation) when sign-out names one", async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    const endSessionUrl = 'https://id.example.com/logout?post_logout_redirect_uri=http%3A%2F%2Flocalhost%2F';
    server.use(http.post('/api/auth/sign-out', ({ response }) => response(200).json({ endSessionUrl })));
    answerGuest();
    const leaveTo = jest.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => undefined);
    renderNavbar('/ai-chat');
    openUserMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(endSessionUrl));
    expect(screen.getByTestId('location').textContent).toBe('/ai-chat');
  });

  it("says 'An error occurred when attempting to log out from OAuth provider.' when the provider's logout was out of reach", async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    server.use(
      http.post('/api/auth/sign-out', ({ response }) =>
        response(200).json({ endSessionUrl: null, providerSignOutFailed: true }),
      ),
    );
    answerGuest();
    renderNavbar('/ai-chat');
    openUserMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'An error occurred when attempting to log out from OAuth provider.',
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("opens the passkey dialog from 'Register a passkey', outside the closed menu", () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com' });
    usePasskeyDialogStore.setState({ open: false });
    renderNavbar();
    openUserMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Register a passkey' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Passkeys' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Register a passkey' })).toBeTruthy();
  });
});
