import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { MfaSettings, PasskeySummary, UserSession } from '../../api';
import { apiCalls, errorResponse, http, noSessionCookie, server } from '../../test/api-mock';
import { newSessionInfo, resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { LocationProbe } from '../../test/LocationProbe';
import { useSessionStore } from '../session';
import { AccountPage } from './AccountPage';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const thisDevice: UserSession = {
  id: '0b6f7c1e-1a2b-4c3d-8e9f-000000000001',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-23T09:00:00.000Z',
  userAgent: CHROME_LINUX,
  current: true,
};
const phone: UserSession = {
  id: '0b6f7c1e-1a2b-4c3d-8e9f-000000000002',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: '2026-11-22T18:30:00.000Z',
  userAgent: SAFARI_IPHONE,
  current: false,
};
const laptopKey: PasskeySummary = {
  id: '7f1c2e0a-5d4b-4c3a-9e8f-1a2b3c4d5e6f',
  name: 'Laptop passkey',
  createdAt: '2026-11-02T08:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
};
const mfaOff: MfaSettings = {
  enabled: [],
  available: ['TOTP', 'EMAIL'],
  emailDestination: null,
  smsDestination: null,
  required: false,
};

function answer({
  sessions = [thisDevice, phone],
  passkeys = [laptopKey],
  mfa = mfaOff,
}: { sessions?: UserSession[]; passkeys?: PasskeySummary[]; mfa?: MfaSettings } = {}) {
  server.use(
    http.get('/api/auth/sessions', ({ response }) => response(200).json({ sessions })),
    http.get('/api/auth/passkeys', ({ response }) => response(200).json({ passkeys })),
    http.get('/api/auth/mfa', ({ response }) => response(200).json(mfa)),
  );
}

function renderPage() {
  render(
    <WithProviders>
      <MemoryRouter initialEntries={['/account']}>
        <AccountPage />
        <LocationProbe />
      </MemoryRouter>
    </WithProviders>,
  );
}
const section = (name: string) => screen.getByRole('region', { name });

describe('/account', () => {
  beforeEach(() => {
    resetAppState();
    signInAs({ userType: 'authenticated', email: 'fan@example.com', emailVerified: true });
  });
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
  });

  it('shows the email and whether it is verified', async () => {
    answer();
    renderPage();
    const profile = section('Profile');
    expect(within(profile).getByText('fan@example.com')).toBeTruthy();
    expect(within(profile).getByText('Verified')).toBeTruthy();
    expect(within(profile).queryByRole('button', { name: 'Verify email' })).toBeNull();
    await screen.findByText('Laptop passkey');
  });

  it('verifies an unverified email with an emailed code', async () => {
    signInAs({ userType: 'authenticated', email: 'fan@example.com', emailVerified: false });
    answer();
    server.use(
      http.post('/api/auth/attributes/verify', ({ response }) =>
        response(200).json({ codeDelivery: { destination: 'f***n@example.com', medium: 'EMAIL' } }),
      ),
      http.post('/api/auth/attributes/confirm', ({ response }) => response(200).json({ verified: true })),
    );
    renderPage();
    const profile = section('Profile');
    expect(within(profile).getByText('Not verified')).toBeTruthy();
    fireEvent.click(within(profile).getByRole('button', { name: 'Verify email' }));
    expect(
      (await within(profile).findByText(/Sent to f\*\*\*n@example.com/, {}, { timeout: 5000 })).textContent,
    ).toBe('Sent to f***n@example.com. It may take a minute to arrive');
    fireEvent.change(within(profile).getByLabelText('Verification code'), { target: { value: ' 123456 ' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Confirm' }));
    await within(profile).findByText('Verified');
    expect(apiCalls('POST', '/api/auth/attributes/confirm')[0]!.body).toEqual({
      attribute: 'email',
      code: '123456',
    });
  });

  it('verifies the phone number with a texted code, after which text message codes can be turned on', async () => {
    signInAs({
      userType: 'authenticated',
      email: 'fan@example.com',
      emailVerified: true,
      phoneNumber: '***0142',
      phoneNumberVerified: false,
    });
    answer();
    server.use(
      http.post('/api/auth/attributes/verify', ({ response }) =>
        response(200).json({ codeDelivery: { destination: '***0142', medium: 'SMS' } }),
      ),
      http.post('/api/auth/attributes/confirm', ({ response }) => response(200).json({ verified: true })),
    );
    renderPage();
    const profile = section('Profile');
    expect(within(profile).getByText('***0142')).toBeTruthy();
    expect(within(profile).getByText('Not verified')).toBeTruthy();
    await screen.findByTestId('mfa-sms-hint');
    const mfaReads = apiCalls('GET', '/api/auth/mfa').length;
    server.use(
      http.get('/api/auth/mfa', ({ response }) =>
        response(200).json({ ...mfaOff, available: ['TOTP', 'SMS', 'EMAIL'], smsDestination: '***0142' }),
      ),
    );
    fireEvent.click(within(profile).getByRole('button', { name: 'Verify phone number' }));
    expect((await within(profile).findByText(/Sent to \*\*\*0142/)).textContent).toBe(
      'Sent to ***0142. It may take a minute to arrive',
    );
    fireEvent.change(within(profile).getByLabelText('Code from the text message'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(profile).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(profile).queryByText('Not verified')).toBeNull());
    expect(within(profile).getAllByText('Verified')).toHaveLength(2);
    expect(apiCalls('POST', '/api/auth/attributes/confirm')[0]!.body).toEqual({
      attribute: 'phone_number',
      code: '123456',
    });
    // The MFA settings are read again: text message codes are offered now.
    const mfa = section('Multi-Factor Authentication');
    expect(await within(mfa).findByRole('button', { name: 'Turn on text message codes' })).toBeTruthy();
    expect(apiCalls('GET', '/api/auth/mfa').length).toBeGreaterThan(mfaReads);
  });

  it('lists the sessions with this device marked, and signs another one out', async () => {
    answer();
    let sessions = [thisDevice, phone];
    server.use(
      http.get('/api/auth/sessions', ({ response }) => response(200).json({ sessions })),
      http.delete('/api/auth/sessions/{id}', ({ params, response }) => {
        sessions = sessions.filter((session) => session.id !== params.id);
        return response(200).json({ revoked: true });
      }),
    );
    renderPage();
    const list = await within(section('Sessions')).findByRole('list', { name: 'Active sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Chrome on Linux'),
      expect.stringContaining('Safari on iOS'),
    ]);
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    // This device is signed out with 'Sign Out' or 'Sign out everywhere', not from its row.
    expect(within(rows[0]!).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(rows[1]!.textContent).toContain('Last used');

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(apiCalls('DELETE', `/api/auth/sessions/${phone.id}`)).toHaveLength(1);
  });

  it("'Sign out everywhere' ends every session and carries on as a guest at home", async () => {
    answer();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.delete('/api/auth/sessions', async ({ response }) => {
        await held;
        return response(200).json({ revoked: 2 });
      }),
      http.post('/api/auth/sign-out', ({ response }) => response(200).json({ endSessionUrl: null })),
      noSessionCookie(),
      http.post('/api/auth/guest', ({ response }) =>
        response(201).json({
          userId: 'guest-2',
          tokens: { idToken: 'i', accessToken: 'a2', expiresIn: 3600 },
        }),
      ),
      http.get('/api/auth/session', ({ response }) =>
        response(200).json(newSessionInfo({ userId: 'guest-2' })),
      ),
    );
    renderPage();
    await within(section('Sessions')).findByText('This device');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('button', { name: 'Signing out everywhere…' })).toHaveProperty(
      'disabled',
      true,
    );
    release();

    await waitFor(() => expect(useSessionStore.getState().status).toBe('guest'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(apiCalls('DELETE', '/api/auth/sessions')).toHaveLength(1);
  });

  it("shows the server's words when 'Sign out everywhere' fails, and stays signed in", async () => {
    answer();
    server.use(
      http.delete('/api/auth/sessions', () => errorResponse(503, 'UNAVAILABLE', 'Identity is unavailable.')),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect((await within(section('Sessions')).findByRole('alert')).textContent).toBe(
      'Identity is unavailable.',
    );
    expect(useSessionStore.getState().status).toBe('authenticated');
  });

  it('shows empty lists as such', async () => {
    answer({ sessions: [], passkeys: [] });
    renderPage();
    expect(await within(section('Passkeys')).findByText('You have no passkeys yet.')).toBeTruthy();
    expect(await within(section('Sessions')).findByText('No active sessions.')).toBeTruthy();
    // Registering one is offered beside the empty list.
    expect(within(section('Passkeys')).getByRole('button', { name: 'Register a passkey' })).toBeTruthy();
  });

  it('says when a list could not be loaded, and loads it again on request', async () => {
    answer();
    server.use(
      http.get('/api/auth/passkeys', () => errorResponse(500, 'INTERNAL', 'Something broke on our side.')),
    );
    renderPage();
    const passkeys = section('Passkeys');
    expect(within(passkeys).getByRole('status', { name: 'Loading passkeys' })).toBeTruthy();
    expect((await within(passkeys).findByRole('alert')).textContent).toContain(
      'Could not load your passkeys: Something broke on our side.',
    );
    server.use(
      http.get('/api/auth/passkeys', ({ response }) => response(200).json({ passkeys: [laptopKey] })),
    );
    fireEvent.click(within(passkeys).getByRole('button', { name: 'Try again' }));
    expect(await within(passkeys).findByText('Laptop passkey')).toBeTruthy();
    expect(within(passkeys).getByText(/Never used/)).toBeTruthy();
  });

  it('removes a passkey, and shows why when the server refuses', async () => {
    answer();
    server.use(
      http.delete('/api/auth/passkeys/{id}', () =>
        errorResponse(404, 'PASSKEY_NOT_FOUND', 'That passkey does not exist.'),
      ),
    );
    renderPage();
    const passkeys = section('Passkeys');
    fireEvent.click(await within(passkeys).findByRole('button', { name: 'Remove Laptop passkey' }));
    expect((await within(passkeys).findByRole('alert')).textContent).toBe('That passkey does not exist.');
    expect(apiCalls('DELETE', `/api/auth/passkeys/${laptopKey.id}`)).toHaveLength(1);
  });

  it('sets up an authenticator app: 228×228 QR code, the secret with COPY/COPIED, then the first code', async () => {
    answer();
    const secret = 'JBSWY3DPEHPK3PXP';
    server.use(
      http.post('/api/auth/mfa/totp', ({ response }) =>
        response(200).json({
          nextStep: {
            step: 'setupTotp',
            secret,
            otpauthUri: `otpauth://totp/Backtalk:fan%40example.com?secret=${secret}&issuer=Backtalk`,
          },
        }),
      ),
      http.post('/api/auth/mfa/totp/confirm', ({ response }) =>
        response(200).json({ ...mfaOff, enabled: ['TOTP'] }),
      ),
    );
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage();
    const mfa = section('Multi-Factor Authentication');
    expect((await within(mfa).findByTestId('mfa-status')).textContent).toBe(
      'Off: signing in asks for your password only.',
    );
    fireEvent.click(within(mfa).getByRole('button', { name: 'Set up authenticator app' }));

    const qr = await within(mfa).findByTestId('totp-qr');
    expect(qr.getAttribute('width')).toBe('228');
    expect(qr.getAttribute('height')).toBe('228');
    expect(within(mfa).getByTestId('totp-secret').textContent).toBe(secret);
    fireEvent.click(within(mfa).getByRole('button', { name: 'COPY' }));
    expect(await within(mfa).findByRole('button', { name: 'COPIED' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(secret);

    // An empty code is refused before anything is sent.
    fireEvent.click(within(mfa).getByRole('button', { name: 'Confirm' }));
    expect(await within(mfa).findByText('This field is required')).toBeTruthy();
    expect(apiCalls('POST', '/api/auth/mfa/totp/confirm')).toHaveLength(0);

    fireEvent.change(within(mfa).getByLabelText('Code from your authenticator app'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(mfa).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(within(mfa).getByTestId('mfa-status').textContent).toBe('On: Authenticator app'),
    );
    expect(apiCalls('POST', '/api/auth/mfa/totp/confirm')[0]!.body).toEqual({ code: '123456' });
    expect(within(mfa).getByRole('button', { name: 'Turn off authenticator app' })).toBeTruthy();
  });

  it("shows the server's words for a wrong code", async () => {
    answer();
    server.use(
      http.post('/api/auth/mfa/email', ({ response }) =>
        response(200).json({ codeDelivery: { destination: 'f***n@example.com', medium: 'EMAIL' } }),
      ),
      http.post('/api/auth/mfa/email/confirm', () =>
        errorResponse(400, 'CODE_MISMATCH', 'Invalid verification code provided, please try again.'),
      ),
    );
    renderPage();
    const mfa = section('Multi-Factor Authentication');
    fireEvent.click(await within(mfa).findByRole('button', { name: 'Turn on email codes' }));
    fireEvent.change(await within(mfa).findByLabelText('Code from the email'), {
      target: { value: '000000' },
    });
    fireEvent.click(within(mfa).getByRole('button', { name: 'Confirm' }));
    expect((await within(mfa).findByRole('alert')).textContent).toBe(
      'Invalid verification code provided, please try again.',
    );
  });

  it('turns on text message codes with a code texted to the verified phone number', async () => {
    const withPhone: MfaSettings = {
      ...mfaOff,
      available: ['TOTP', 'SMS', 'EMAIL'],
      smsDestination: '***0100',
    };
    answer({ mfa: withPhone });
    server.use(
      http.post('/api/auth/mfa/sms', ({ response }) =>
        response(200).json({ codeDelivery: { destination: '***0100', medium: 'SMS' } }),
      ),
      http.post('/api/auth/mfa/sms/confirm', ({ response }) =>
        response(200).json({ ...withPhone, enabled: ['SMS'] }),
      ),
    );
    renderPage();
    const mfa = section('Multi-Factor Authentication');
    expect(await within(mfa).findByText('Codes will go to ***0100')).toBeTruthy();
    expect(within(mfa).queryByTestId('mfa-sms-hint')).toBeNull();
    fireEvent.click(within(mfa).getByRole('button', { name: 'Turn on text message codes' }));
    expect(await within(mfa).findByText('Sent to ***0100. It may take a minute to arrive')).toBeTruthy();
    fireEvent.change(within(mfa).getByLabelText('Code from the text message'), {
      target: { value: '123456' },
    });
    fireEvent.click(within(mfa).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(within(mfa).getByTestId('mfa-status').textContent).toBe('On: Text message codes'),
    );
    expect(apiCalls('POST', '/api/auth/mfa/sms/confirm')[0]!.body).toEqual({ code: '123456' });
    expect(within(mfa).getByRole('button', { name: 'Turn off text message codes' })).toBeTruthy();
  });

  it('says text message codes need a verified phone number when the account has none', async () => {
    answer();
    renderPage();
    const mfa = section('Multi-Factor Authentication');
    expect((await within(mfa).findByTestId('mfa-sms-hint')).textContent).toBe(
      'Text message codes need a verified phone number on the account (see Profile above).',
    );
    expect(within(mfa).queryByRole('button', { name: 'Turn on text message codes' })).toBeNull();
  });

  it('keeps the only factor on when the site requires two-factor sign-in', async () => {
    answer({
      mfa: {
        enabled: ['TOTP'],
        available: ['TOTP'],
        emailDestination: null,
        smsDestination: null,
        required: true,
      },
    });
    renderPage();
    const mfa = section('Multi-Factor Authentication');
    expect((await within(mfa).findByTestId('mfa-status')).textContent).toBe(
      'On: Authenticator app Two-factor sign-in is required on this site.',
    );
    expect(within(mfa).queryByRole('button', { name: 'Turn off authenticator app' })).toBeNull();
  });

  it("changes the password, checking that the new ones match ('Your passwords must match')", async () => {
    answer();
    server.use(
      http.post('/api/auth/password/change', ({ response }) =>
        response(200).json({ changed: true, otherSessionsEnded: 1 }),
      ),
    );
    renderPage();
    const form = section('Change Password');
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'Old-pass1!' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'New-pass1!' } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), {
      target: { value: 'New-pass2!' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect(await within(form).findByText('Your passwords must match')).toBeTruthy();
    expect(apiCalls('POST', '/api/auth/password/change')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Confirm new password'), {
      target: { value: 'New-pass1!' },
    });
    fireEvent.click(within(form).getByLabelText('Sign out my other sessions'));
    fireEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Your password was changed; 1 other session signed out.',
    );
    expect(apiCalls('POST', '/api/auth/password/change')[0]!.body).toEqual({
      currentPassword: 'Old-pass1!',
      newPassword: 'New-pass1!',
      signOutOtherSessions: true,
    });
  });
});
