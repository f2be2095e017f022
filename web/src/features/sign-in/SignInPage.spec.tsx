import { CSRF_HEADER, OAuthErrorMessage } from '@backtalk/proto/browser';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import type { AuthFlowReply } from '../../api';
import { apiCalls, errorResponse, fakeJwt, http, noSessionCookie, server } from '../../test/api-mock';
import { newSessionInfo, resetAppState } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { STORAGE_KEYS, useSessionStore } from '../session';
import { currentTokens } from '../session/session-tokens';
import { appRoutes } from '../shell/routes';
import { SignInPage } from './SignInPage';
import { AUTO_SIGN_IN_TIMEOUT_MS } from './sign-in.store';

// /sign-in inside the real app shell (navbar, session bootstrap), with the gateway mocked by MSW.

const session = { accessToken: 'access-user', idToken: fakeJwt({ sub: 'user-1' }), expiresIn: 900 };
const account = newSessionInfo({ userId: 'user-1', userType: 'authenticated', email: 'fan@example.com' });
const guest = newSessionInfo({ userId: 'guest-1' });
const guestTokens = { accessToken: 'access-guest', idToken: fakeJwt({ sub: 'guest-1' }), expiresIn: 900 };

const providers = (overrides: object = {}) =>
  http.get('/api/auth/providers', ({ response }) =>
    response(200).json({ oauth: [], passkeys: false, sms: false, passwordMinLength: 8, ...overrides }),
  );
/** The session route answering by bearer token: the account's token is the account. */
const sessionRoute = () =>
  http.get('/api/auth/session', ({ request, response }) =>
    response(200).json(request.headers.get('Authorization') === 'Bearer access-user' ? account : guest),
  );
/** This browser holds a session's cookie (and so the marker that start-up may ask it). */
const cookieHolds = (tokens: typeof guestTokens, options?: { once: boolean }) => {
  localStorage.setItem(STORAGE_KEYS.mayHaveSession, 'true');
  return http.post('/api/auth/refresh', ({ response }) => response(200).json({ tokens }), options);
};
const guestCookie = () => cookieHolds(guestTokens);
const flow = (
  path: '/api/auth/sign-in' | '/api/auth/sign-up' | '/api/auth/sign-in/respond' | '/api/auth/sign-up/confirm',
  reply: AuthFlowReply,
) => http.post(path, ({ response }) => response(200).json(reply));

function renderSignIn(path = '/sign-in', strict = false) {
  const routes = [
    {
      element: (
        <>
          <Outlet />
          <LocationProbe />
        </>
      ),
      children: appRoutes({ public: [{ path: 'sign-in', Component: SignInPage }] }),
    },
  ];
  const app = <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />;
  return render(strict ? <StrictMode>{app}</StrictMode> : app);
}
const location = () => screen.getByTestId('location').textContent;
const type = (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  return input;
};
const typeAndLeave = (label: string | RegExp, value: string) => fireEvent.blur(type(label, value));
/** A button of the sign-in card (the navbar has a 'Sign In' of its own). */
const button = (name: string | RegExp) =>
  within(document.querySelector<HTMLElement>('.card')!).getByRole('button', { name });
/** Waits for the labelled field, then names it (for type / typeAndLeave). */
const shown = async (label: string) => {
  await screen.findByLabelText(label);
  return label;
};

beforeEach(() => {
  resetAppState();
  // /sign-in is where the user is: jsdom's location decides "on the sign-in page" for the store.
  window.history.replaceState(null, '', '/sign-in');
  server.use(providers(), sessionRoute(), noSessionCookie());
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

async function openSignUp() {
  renderSignIn();
  fireEvent.click(await screen.findByRole('tab', { name: 'Sign Up' }));
  await screen.findByLabelText('Confirm Password');
}

/** Fills the open sign-up form with a valid email and password and sends it. */
async function submitSignUp() {
  typeAndLeave('Email', 'new@example.com');
  typeAndLeave('Birthdate', '2000-02-29');
  typeAndLeave('Password', 'Abcdef1!');
  typeAndLeave('Confirm Password', 'Abcdef1!');
  await waitFor(() => expect(button('Sign Up').hasAttribute('disabled')).toBe(false));
  fireEvent.click(button('Sign Up'));
}

describe('/sign-in: sign-up validation (spec §5)', () => {
  it('masks passwords and lets a password manager paste them (ASVS 6.2.6, 6.2.7)', async () => {
    await openSignUp();
    for (const label of ['Password', 'Confirm Password']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('type')).toBe('password');
      // fireEvent returns false when a handler cancelled the event.
      expect(fireEvent.paste(input, { clipboardData: { getData: () => 'Pasted-Secret-9' } })).toBe(true);
    }
  });

  it("says 'This field is required' for an emptied field and 'Please enter a valid email' for a bad one", async () => {
    await openSignUp();
    typeAndLeave('Email', 'x');
    typeAndLeave('Email', '');
    expect(await screen.findByText('This field is required')).toBeTruthy();
    typeAndLeave('Email', 'not-an-email');
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
  });

  it("lists each password rule it breaks, with the server's minimum", async () => {
    server.use(providers({ passwordMinLength: 12 }));
    await openSignUp();
    await waitFor(() => expect(apiCalls('GET', '/api/auth/providers').length).toBeGreaterThan(0));
    typeAndLeave('Password', 'abc');
    expect(await screen.findByText('Password must have at least 12 characters')).toBeTruthy();
    expect(screen.getByText('Password must have upper case letters')).toBeTruthy();
    expect(screen.getByText('Password must have numbers')).toBeTruthy();
    expect(screen.getByText('Password must have special characters')).toBeTruthy();
    expect(screen.queryByText('Password must have lower case letters')).toBeNull();
    typeAndLeave('Password', 'ABCDEFGHIJKL1!');
    expect(await screen.findByText('Password must have lower case letters')).toBeTruthy();
    expect(screen.queryByText('Password must have at least 12 characters')).toBeNull();
  });

  it("shows 'Your passwords must match' once both are touched, or both have 6 or more characters", async () => {
    await openSignUp();
    type('Password', 'Abcdef1!');
    type('Confirm Password', 'Abc');
    // Neither touched, one shorter than 6: not yet.
    await waitFor(() => expect(button('Sign Up').hasAttribute('disabled')).toBe(true));
    expect(screen.queryByText('Your passwords must match')).toBeNull();
    type('Confirm Password', 'Abcdefg');
    expect(await screen.findByText('Your passwords must match')).toBeTruthy();
    type('Confirm Password', 'Abc');
    await waitFor(() => expect(screen.queryByText('Your passwords must match')).toBeNull());
    fireEvent.blur(screen.getByLabelText('Password'));
    fireEvent.blur(screen.getByLabelText('Confirm Password'));
    expect(await screen.findByText('Your passwords must match')).toBeTruthy();
  });

  it('keeps Sign Up disabled while errors exist, then sends trimmed values and the joined phone number', async () => {
    server.use(
      flow('/api/auth/sign-up', {
        nextStep: {
          step: 'confirmSignUp',
          codeDelivery: { medium: 'EMAIL', destination: 'n***w@example.com' },
        },
        challenge: 'challenge-0123456789',
      }),
    );
    await openSignUp();
    expect(button('Sign Up').hasAttribute('disabled')).toBe(true);
    typeAndLeave('Email', '  new@example.com  ');
    typeAndLeave('Password', 'Abcdef1!');
    expect(button('Sign Up').hasAttribute('disabled')).toBe(true);
    typeAndLeave('Confirm Password', 'Abcdef1!');
    await waitFor(() => expect(button('Sign Up').hasAttribute('disabled')).toBe(true));
    typeAndLeave('Birthdate', '2000-02-29');
    typeAndLeave('Phone Number (optional)', '(415) 555-0100');
    expect((screen.getByLabelText('Country code') as HTMLSelectElement).value).toBe('+1');
    await waitFor(() => expect(button('Sign Up').hasAttribute('disabled')).toBe(false));

    fireEvent.click(button('Sign Up'));

    expect(await screen.findByRole('heading', { name: 'We Emailed You' })).toBeTruthy();
    expect(apiCalls('POST', '/api/auth/sign-up')[0].body).toEqual({
      email: 'new@example.com',
      password: 'Abcdef1!',
      attributes: { birthdate: '2000-02-29', phone_number: '+14155550100' },
    });
    expect(screen.getByText(/It may take a minute to arrive/)).toBeTruthy();
    expect(screen.getByText(/n\*\*\*w@example\.com/)).toBeTruthy();
  });
});

describe('/sign-in: the birth date (docs/safety.md, "Age")', () => {
  it.each([
    ['', 'This field is required'],
    ['2999-01-01', 'Your birth date cannot be in the future.'],
    ['1800-01-01', 'Check your birth date: it makes you older than 120.'],
  ])('answers %j with %s and keeps Sign Up disabled', async (value, message) => {
    await openSignUp();
    typeAndLeave('Birthdate', '2000-01-01');
    typeAndLeave('Birthdate', value);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(button('Sign Up').hasAttribute('disabled')).toBe(true);
  });

  it("shows the server's refusal of an under-13 birth date and stays on the form", async () => {
    server.use(
      http.post('/api/auth/sign-up', () =>
        errorResponse(
          403,
          'AGE_UNDER_13',
          'You must be at least 13 years old to use Backtalk. Nothing you entered has been kept.',
        ),
      ),
    );
    await openSignUp();
    typeAndLeave('Email', 'kid@example.com');
    typeAndLeave('Birthdate', '2020-01-01');
    typeAndLeave('Password', 'Abcdef1!');
    typeAndLeave('Confirm Password', 'Abcdef1!');
    await waitFor(() => expect(button('Sign Up').hasAttribute('disabled')).toBe(false));
    fireEvent.click(button('Sign Up'));
    expect(await screen.findByText(/must be at least 13 years old/)).toBeTruthy();
    expect(apiCalls('POST', '/api/auth/sign-up')[0].body).toMatchObject({
      attributes: { birthdate: '2020-01-01' },
    });
  });
});

describe('/sign-in: steps from the server', () => {
  it("sends the guest's token with sign-up, confirms, and is signed in and sent back after 100 ms", async () => {
    let releaseConfirm!: () => void;
    const confirmHeld = new Promise<void>((resolve) => (releaseConfirm = resolve));
    localStorage.setItem(STORAGE_KEYS.signInRedirectPath, '/@maya.makes');
    server.use(
      guestCookie(),
      flow('/api/auth/sign-up', {
        nextStep: {
          step: 'confirmSignUp',
          codeDelivery: { medium: 'EMAIL', destination: 'n***w@example.com' },
        },
        challenge: 'challenge-0123456789',
      }),
      http.post('/api/auth/sign-up/confirm', async ({ response }) => {
        await confirmHeld;
        return response(200).json({ nextStep: { step: 'done' }, session });
      }),
      http.get('/api/creators/by-handle/{handle}', ({ response }) =>
        response.untyped(errorResponse(404, 'CREATOR_NOT_FOUND', 'Creator not found')),
      ),
    );
    await openSignUp();
    await waitFor(() => expect(useSessionStore.getState().status).toBe('guest'));
    await submitSignUp();

    await screen.findByRole('heading', { name: 'We Emailed You' });
    expect(apiCalls('POST', '/api/auth/sign-up')[0].headers.authorization).toBe('Bearer access-guest');
    type('Confirmation Code', ' 123456 ');
    fireEvent.click(button('Confirm'));
    expect(await screen.findByRole('button', { name: 'Confirming' })).toBeTruthy();
    releaseConfirm();

    await waitFor(() => expect(useSessionStore.getState().status).toBe('authenticated'));
    expect(apiCalls('POST', '/api/auth/sign-up/confirm')[0].body).toEqual({
      email: 'new@example.com',
      code: '123456',
      challenge: 'challenge-0123456789',
    });
    expect(apiCalls('POST', '/api/auth/sign-up/confirm')[0].headers.authorization).toBe(
      'Bearer access-guest',
    );
    expect(currentTokens()?.accessToken).toBe('access-user');
    await waitFor(() => expect(location()).not.toBe('/sign-in'));
    expect(localStorage.getItem(STORAGE_KEYS.signInRedirectPath)).toBeNull();
  });

  it("shows a resend as sent, the same answer for a confirmed account ('User is already confirmed.' counts as success)", async () => {
    server.use(
      flow('/api/auth/sign-in', {
        nextStep: {
          step: 'confirmSignUp',
          codeDelivery: { medium: 'EMAIL', destination: 'f***n@example.com' },
        },
        challenge: 'challenge-0123456789',
      }),
      http.post('/api/auth/sign-up/resend', ({ response }) =>
        response(200).json({ codeDelivery: { medium: 'EMAIL', destination: 'f***n@example.com' } }),
      ),
    );
    renderSignIn();
    typeAndLeave(await shown('Email'), 'fan@example.com');
    typeAndLeave('Password', 'whatever');
    fireEvent.click(button('Sign In'));
    fireEvent.click(await screen.findByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('A new code is on its way. It may take a minute to arrive')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signs in automatically with the sign-up password when confirming answers signIn', async () => {
    server.use(
      flow('/api/auth/sign-up', {
        nextStep: {
          step: 'confirmSignUp',
          codeDelivery: { medium: 'EMAIL', destination: 'n***w@example.com' },
        },
      }),
      flow('/api/auth/sign-up/confirm', { nextStep: { step: 'signIn' } }),
      flow('/api/auth/sign-in', { nextStep: { step: 'done' }, session }),
    );
    await openSignUp();
    await submitSignUp();
    type(await shown('Confirmation Code'), '123456');
    fireEvent.click(button('Confirm'));
    await waitFor(() => expect(useSessionStore.getState().status).toBe('authenticated'));
    expect(apiCalls('POST', '/api/auth/sign-in')[0].body).toEqual({
      email: 'new@example.com',
      password: 'Abcdef1!',
    });
  });

  describe('auto sign-in while the code waits (spec §4: every 5 s, 180000 ms at most)', () => {
    const confirmScreen = flow('/api/auth/sign-up', {
      nextStep: {
        step: 'confirmSignUp',
        codeDelivery: { medium: 'EMAIL', destination: 'n***w@example.com' },
      },
      challenge: 'challenge-0123456789',
    });
    async function signUpAndWait() {
      await openSignUp();
      await submitSignUp();
      await screen.findByRole('heading', { name: 'We Emailed You' });
    }
    const polls = () => apiCalls('POST', '/api/auth/sign-up/auto-sign-in');
    beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
    afterEach(() => jest.useRealTimers());

    it('asks every 5 s and signs in once the account was confirmed elsewhere', async () => {
      let confirmedElsewhere = false;
      server.use(
        confirmScreen,
        http.post('/api/auth/sign-up/auto-sign-in', ({ response }) =>
          response(200).json(
            confirmedElsewhere
              ? { confirmed: true, nextStep: { step: 'done' }, session }
              : { confirmed: false },
          ),
        ),
      );
      await signUpAndWait();
      await act(() => jest.advanceTimersByTimeAsync(5000));
      expect(polls()).toHaveLength(1);
      expect(polls()[0].body).toEqual({ email: 'new@example.com', challenge: 'challenge-0123456789' });
      expect(useSessionStore.getState().status).not.toBe('authenticated');
      confirmedElsewhere = true;
      await act(() => jest.advanceTimersByTimeAsync(5000));
      await waitFor(() => expect(useSessionStore.getState().status).toBe('authenticated'));
      expect(polls()).toHaveLength(2);
      await act(() => jest.advanceTimersByTimeAsync(15000));
      expect(polls()).toHaveLength(2);
    });

    it("stops after 180000 ms with 'The account was not confirmed on time.'; the code still confirms", async () => {
      server.use(
        confirmScreen,
        http.post('/api/auth/sign-up/auto-sign-in', ({ response }) =>
          response(200).json({ confirmed: false }),
        ),
      );
      await signUpAndWait();
      await act(() => jest.advanceTimersByTimeAsync(AUTO_SIGN_IN_TIMEOUT_MS + 5000));
      expect(polls()).toHaveLength(AUTO_SIGN_IN_TIMEOUT_MS / 5000);
      expect(await screen.findByText('The account was not confirmed on time.')).toBeTruthy();
      expect(screen.getByLabelText('Confirmation Code')).toBeTruthy();
    });

    it('says so when the server no longer knows the flow', async () => {
      server.use(
        confirmScreen,
        http.post('/api/auth/sign-up/auto-sign-in', ({ response }) =>
          response.untyped(
            errorResponse(
              409,
              'AUTH_AUTO_SIGN_IN_INACTIVE',
              'The autoSignIn flow has not started, or has been cancelled/completed.',
            ),
          ),
        ),
      );
      await signUpAndWait();
      await act(() => jest.advanceTimersByTimeAsync(10000));
      expect(polls()).toHaveLength(1);
      expect(
        await screen.findByText('The autoSignIn flow has not started, or has been cancelled/completed.'),
      ).toBeTruthy();
    });
  });

  it("says 'The account was not confirmed on time.' when confirming comes after 180000 ms", async () => {
    server.use(
      flow('/api/auth/sign-up', {
        nextStep: {
          step: 'confirmSignUp',
          codeDelivery: { medium: 'EMAIL', destination: 'n***w@example.com' },
        },
      }),
      flow('/api/auth/sign-up/confirm', { nextStep: { step: 'signIn' } }),
    );
    await openSignUp();
    await submitSignUp();
    type(await shown('Confirmation Code'), '123456');
    const signedUpAt = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(signedUpAt + AUTO_SIGN_IN_TIMEOUT_MS + 1000);
    fireEvent.click(button('Confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe('The account was not confirmed on time.');
    expect(apiCalls('POST', '/api/auth/sign-in')).toHaveLength(0);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@example.com');
  });

  it("shows the server's message when sign-in fails", async () => {
    server.use(
      http.post('/api/auth/sign-in', ({ response }) =>
        response.untyped(errorResponse(401, 'AUTH_INVALID_CREDENTIALS', 'Incorrect username or password.')),
      ),
    );
    renderSignIn();
    typeAndLeave(await shown('Email'), 'fan@example.com');
    typeAndLeave('Password', 'wrong');
    fireEvent.click(button('Sign In'));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password.');
  });

  it.each([
    ['TOTP', 'Confirm TOTP Code'],
    ['EMAIL', 'Confirm Email Code'],
    ['SMS', 'Confirm SMS Code'],
  ] as const)('asks for the %s code under its title, then is signed in', async (method, title) => {
    server.use(
      flow('/api/auth/sign-in', {
        nextStep: { step: 'confirmSignIn', method },
        challenge: 'challenge-0123456789',
      }),
      flow('/api/auth/sign-in/respond', { nextStep: { step: 'done' }, session }),
    );
    renderSignIn();
    typeAndLeave(await shown('Email'), 'fan@example.com');
    typeAndLeave('Password', 'Abcdef1!');
    fireEvent.click(button('Sign In'));
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    type('Code', '654321');
    fireEvent.click(button('Confirm'));
    await waitFor(() => expect(useSessionStore.getState().status).toBe('authenticated'));
    expect(apiCalls('POST', '/api/auth/sign-in/respond')[0].body).toEqual({
      challenge: 'challenge-0123456789',
      answer: { kind: 'code', code: '654321' },
    });
  });

  it('sets up TOTP: a 228×228 QR code, the secret with COPY turning COPIED', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server.use(
      flow('/api/auth/sign-in', {
        nextStep: {
          step: 'setupTotp',
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Backtalk:fan%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Backtalk',
        },
        challenge: 'challenge-0123456789',
      }),
    );
    renderSignIn();
    typeAndLeave(await shown('Email'), 'fan@example.com');
    typeAndLeave('Password', 'Abcdef1!');
    fireEvent.click(button('Sign In'));
    expect(await screen.findByRole('heading', { name: 'Multi-Factor Authentication Setup' })).toBeTruthy();
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect([qr.getAttribute('width'), qr.getAttribute('height')]).toEqual(['228', '228']);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    fireEvent.click(button('COPY'));
    expect(await screen.findByRole('button', { name: 'COPIED' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP');
  });

  it('offers only the MFA types the server allows, the first preselected', async () => {
    server.use(
      flow('/api/auth/sign-in', {
        nextStep: { step: 'selectMfaType', allowed: ['EMAIL', 'TOTP'] },
        challenge: 'challenge-0123456789',
      }),
      flow('/api/auth/sign-in/respond', {
        nextStep: { step: 'setupEmail' },
        challenge: 'challenge-9876543210',
      }),
    );
    renderSignIn();
    typeAndLeave(await shown('Email'), 'fan@example.com');
    typeAndLeave('Password', 'Abcdef1!');
    fireEvent.click(button('Sign In'));
    expect(await screen.findByRole('heading', { name: 'Multi-Factor Authentication' })).toBeTruthy();
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => [radio.value, radio.checked])).toEqual([
      ['EMAIL', true],
      ['TOTP', false],
    ]);
    fireEvent.click(button('Confirm'));
    expect(await screen.findByRole('heading', { name: 'Multi-Factor Authentication Setup' })).toBeTruthy();
    expect(apiCalls('POST', '/api/auth/sign-in/respond')[0].body).toMatchObject({
      answer: { kind: 'mfaType', mfaType: 'EMAIL' },
    });
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it("forces a new password: 'Change Password', 'Changing' while pending, 'Back to Sign In'", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      flow('/api/auth/sign-in', {
        nextStep: { step: 'forceNewPassword' },
        challenge: 'challenge-0123456789',
      }),
      http.post('/api/auth/sign-in/respond', async ({ response }) => {
        await released;
        return response(200).json({ nextStep: { step: 'done' }, session });
      }),
    );
    renderSignIn();
    typeAndLeave(await shown('Email'), 'fan@example.com');
    typeAndLeave('Password', 'Temp0rary!');
    fireEvent.click(button('Sign In'));
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeTruthy();
    expect(button('Back to Sign In')).toBeTruthy();
    typeAndLeave('Password', 'Newpass1!');
    typeAndLeave('Confirm Password', 'Newpass1!');
    fireEvent.click(button('Change Password'));
    expect(await screen.findByRole('button', { name: 'Changing' })).toBeTruthy();
    release();
    await waitFor(() => expect(useSessionStore.getState().status).toBe('authenticated'));
  });

  it('resets a forgotten password by code, then goes back to sign-in', async () => {
    server.use(
      http.post('/api/auth/password/forgot', ({ response }) =>
        response(200).json({ codeDelivery: { medium: 'EMAIL', destination: 'f***n@example.com' } }),
      ),
      http.post('/api/auth/password/reset', ({ response }) => response(200).json({ reset: true })),
    );
    renderSignIn();
    typeAndLeave(await shown('Email'), 'fan@example.com');
    fireEvent.click(button('Forgot your password?'));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    fireEvent.click(button('Send code'));
    expect(await screen.findByLabelText('New Password')).toBeTruthy();
    expect(screen.getByText(/It may take a minute to arrive/)).toBeTruthy();
    type('Code', '111222');
    typeAndLeave('New Password', 'Brandnew1!');
    typeAndLeave('Confirm Password', 'Brandnew2!');
    expect(await screen.findByText('Your passwords must match')).toBeTruthy();
    typeAndLeave('Confirm Password', 'Brandnew1!');
    fireEvent.click(button('Submit'));
    expect(
      await screen.findByText('Your password has been reset. Sign in with your new password.'),
    ).toBeTruthy();
    expect(apiCalls('POST', '/api/auth/password/reset')[0].body).toEqual({
      email: 'fan@example.com',
      code: '111222',
      password: 'Brandnew1!',
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('fan@example.com');
  });

  it('offers to verify unverified contacts, masked, and Skip goes on', async () => {
    server.use(
      flow('/api/auth/sign-in', {
        nextStep: {
          step: 'verifyUser',
          unverified: [
            { attribute: 'email', destination: 'fan@example.com' },
            { attribute: 'phone_number', destination: '+14155550100' },
          ],
        },
        session,
      }),
    );
    renderSignIn();
    typeAndLeave(await shown('Email'), 'fan@example.com');
    typeAndLeave('Password', 'Abcdef1!');
    fireEvent.click(button('Sign In'));
    expect(
      await screen.findByRole('heading', { name: 'Account recovery requires verified contact information' }),
    ).toBeTruthy();
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(screen.getByText(/f\*\*\*n@example\.com/)).toBeTruthy();
    expect(screen.getByText(/\*\*\*0100/)).toBeTruthy();
    expect(screen.queryByText(/4155550100/)).toBeNull();
    fireEvent.click(button('Skip'));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('verifies the chosen contact with its code', async () => {
    server.use(
      flow('/api/auth/sign-in', {
        nextStep: {
          step: 'verifyUser',
          unverified: [{ attribute: 'email', destination: 'f***n@example.com' }],
        },
        session,
      }),
      http.post('/api/auth/attributes/verify', ({ response }) =>
        response(200).json({ codeDelivery: { medium: 'EMAIL', destination: 'f***n@example.com' } }),
      ),
      http.post('/api/auth/attributes/confirm', ({ response }) => response(200).json({ verified: true })),
    );
    renderSignIn();
    typeAndLeave(await shown('Email'), 'fan@example.com');
    typeAndLeave('Password', 'Abcdef1!');
    fireEvent.click(button('Sign In'));
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    type(await shown('Code'), '333444');
    fireEvent.click(button('Submit'));
    await waitFor(() => expect(location()).toBe('/'));
    expect(apiCalls('POST', '/api/auth/attributes/confirm')[0]).toMatchObject({
      body: { attribute: 'email', code: '333444' },
      headers: { authorization: 'Bearer access-user' },
    });
  });
});

describe('/sign-in: entry, providers and OAuth', () => {
  it('signs out an existing signed-in session first and clears the guest flag', async () => {
    localStorage.setItem(STORAGE_KEYS.isGuestUser, 'true');
    server.use(
      cookieHolds(session, { once: true }),
      http.post('/api/auth/sign-out', ({ response }) => response(200).json({ endSessionUrl: null })),
    );
    renderSignIn();
    await waitFor(() => expect(apiCalls('POST', '/api/auth/sign-out')).toHaveLength(1));
    expect(apiCalls('POST', '/api/auth/sign-out')[0].headers[CSRF_HEADER.toLowerCase()]).toBe('1');
    await waitFor(() => expect(useSessionStore.getState().status).toBe('anonymous'));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.isGuestUser)).toBeNull();
  });

  it.each([
    ['/sign-in', 'Sign In'],
    ['/sign-in?tab=sign-up', 'Sign Up'],
    ['/sign-in?tab=other', 'Sign In'],
  ])('%s opens on the %s tab', async (path, tab) => {
    renderSignIn(path, true);
    const selected = await screen.findByRole('tab', { selected: true });
    expect(selected.textContent).toBe(tab);
    expect(button(tab)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Backtalk' })).toBeTruthy();
  });

  it('gets past its entry under StrictMode (effects run twice in development)', async () => {
    renderSignIn('/sign-in', true);
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
  });

  it("says 'Failed to sign out. Please try again.' when that sign-out fails", async () => {
    server.use(
      cookieHolds(session, { once: true }),
      http.post('/api/auth/sign-out', ({ response }) =>
        response.untyped(errorResponse(503, 'UNAVAILABLE', 'down')),
      ),
    );
    renderSignIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to sign out. Please try again.');
    fireEvent.click(button('Return Home'));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('shows a federated button per configured provider, in both tabs, and the passkey button after them', async () => {
    server.use(providers({ oauth: ['google', 'apple'], passkeys: true }));
    localStorage.setItem(STORAGE_KEYS.signInRedirectPath, '/@maya.makes');
    renderSignIn();
    const google = await screen.findByRole('link', { name: 'Sign In with Google' });
    expect(google.getAttribute('href')).toBe('/api/auth/oauth/google/start?returnTo=%2F%40maya.makes');
    expect(screen.getByRole('link', { name: 'Sign In with Apple' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Amazon|Facebook/ })).toBeNull();
    const panel = screen.getByRole('tabpanel');
    const order = [...panel.querySelectorAll('a, button')].map((element) => element.textContent);
    expect(order.slice(-3)).toEqual(['Sign In with Google', 'Sign In with Apple', 'Sign in with a passkey']);
    fireEvent.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(await screen.findByRole('link', { name: 'Sign Up with Google' })).toBeTruthy();
  });

  it('shows no federated button when no provider is configured', async () => {
    renderSignIn();
    await screen.findByRole('tab', { name: 'Sign In' });
    await waitFor(() => expect(apiCalls('GET', '/api/auth/providers').length).toBeGreaterThan(0));
    expect(screen.queryByRole('link', { name: /Sign In with/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('explains an OAuth error from the redirect', async () => {
    renderSignIn('/sign-in?oauth=error&provider=google&reason=cancelled');
    expect((await screen.findByRole('alert')).textContent).toBe(OAuthErrorMessage.cancelled);
  });

  it('picks up the OAuth session from the cookie and goes on to returnTo', async () => {
    server.use(http.post('/api/auth/refresh', ({ response }) => response(200).json({ tokens: session })));
    renderSignIn('/sign-in?oauth=done&provider=google&returnTo=%2Fprivacy-policy');
    await waitFor(() => expect(location()).toBe('/privacy-policy'));
    expect(useSessionStore.getState()).toMatchObject({
      status: 'authenticated',
      user: { email: 'fan@example.com' },
    });
    expect(apiCalls('POST', '/api/auth/sign-out')).toHaveLength(0);
  });

  it('says so when the OAuth return finds no session', async () => {
    renderSignIn('/sign-in?oauth=done&provider=google');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in could not be completed. Please try again.',
    );
    await act(async () => undefined);
  });
});
