import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { apiCalls, errorResponse, http, server } from '../../test/api-mock';
import { resetAppState, signInAs, WithProviders } from '../../test/fixtures';
import { PASSKEY_MESSAGES } from './passkey-errors';
import { PasskeySignInButton } from './PasskeySignInButton';
import { PasskeyDialog } from './PasskeyDialog';
import { openPasskeyDialog, usePasskeyDialogStore } from './passkeys.store';
import { PASSKEY_REGISTERED_TEXT, RegisterPasskey } from './RegisterPasskey';

// The browser side of WebAuthn in jsdom: PublicKeyCredential and navigator.credentials as a
// browser has them, answering or refusing the way browsers do (DOMException names). The real
// ceremony runs in Chromium with a virtual authenticator (services/system-tests/src/passkeys.test.ts).

const bytes = (...values: number[]) => new Uint8Array(values).buffer;
const credentials = { create: jest.fn(), get: jest.fn() };

function installWebAuthn(): void {
  (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true });
}
function removeWebAuthn(): void {
  delete (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential;
}

const assertion = {
  id: 'AQID',
  rawId: bytes(1, 2, 3),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: {
    clientDataJSON: bytes(4, 5),
    authenticatorData: bytes(6, 7),
    signature: bytes(8, 9),
    userHandle: bytes(10),
  },
  getClientExtensionResults: () => ({}),
};
const attestation = {
  id: 'AQID',
  rawId: bytes(1, 2, 3),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: {
    clientDataJSON: bytes(4, 5),
    attestationObject: bytes(6, 7),
    getTransports: () => ['internal'],
  },
  getClientExtensionResults: () => ({}),
};

const requestOptions = {
  challenge: 'c2lnbi1pbi1jaGFsbGVuZ2U',
  rpId: 'localhost',
  userVerification: 'required' as const,
};
const creationOptions = {
  challenge: 'cmVnaXN0ZXItY2hhbGxlbmdl',
  rp: { name: 'Backtalk', id: 'localhost' },
  user: { id: 'ZmFuLTE', name: 'fan@example.com', displayName: 'fan@example.com' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' as const }],
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required' as const, userVerification: 'required' as const },
};

function answerSignInOptions(options: object = requestOptions) {
  server.use(
    http.post('/api/auth/passkeys/authentication/options', ({ response }) =>
      response(200).json({ options: options as typeof requestOptions }),
    ),
  );
}
function answerRegistrationOptions(options: object = creationOptions) {
  server.use(
    http.post('/api/auth/passkeys/registration/options', ({ response }) =>
      response(200).json({ options: options as typeof creationOptions }),
    ),
  );
}

describe('passkeys in the web app', () => {
  beforeEach(() => {
    resetAppState();
    usePasskeyDialogStore.setState({ open: false });
    credentials.create.mockReset();
    credentials.get.mockReset();
    installWebAuthn();
  });
  afterEach(() => {
    cleanup();
    removeWebAuthn();
  });

  describe("'Sign in with a passkey'", () => {
    const renderButton = (onSignedIn = jest.fn()) => {
      render(
        <WithProviders>
          <PasskeySignInButton onSignedIn={onSignedIn} />
        </WithProviders>,
      );
      return onSignedIn;
    };
    const click = () => fireEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    it('gets options, asks the authenticator, sends its answer and hands the session on', async () => {
      answerSignInOptions();
      credentials.get.mockResolvedValue(assertion);
      const session = { accessToken: 'access', idToken: 'id', expiresIn: 900 };
      server.use(
        http.post('/api/auth/passkeys/authentication/verify', ({ response }) =>
          response(200).json({ nextStep: { step: 'done' }, session }),
        ),
      );
      const onSignedIn = renderButton();
      click();
      await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ nextStep: { step: 'done' }, session }));
      const publicKey = credentials.get.mock.calls[0][0].publicKey;
      expect(new Uint8Array(publicKey.challenge)).toEqual(
        new Uint8Array(Buffer.from(requestOptions.challenge, 'base64url')),
      );
      expect(publicKey.userVerification).toBe('required');
      expect(apiCalls('POST', '/api/auth/passkeys/authentication/verify')[0]!.body).toEqual({
        response: {
          id: 'AQID',
          rawId: 'AQID',
          type: 'public-key',
          authenticatorAttachment: 'platform',
          response: { clientDataJSON: 'BAU', authenticatorData: 'Bgc', signature: 'CAk', userHandle: 'Cg' },
          clientExtensionResults: {},
        },
      });
    });

    it('says so when the browser has no passkeys (unsupported), without asking the server', async () => {
      removeWebAuthn();
      renderButton();
      click();
      expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.unsupported);
      expect(apiCalls()).toHaveLength(0);
    });

    it('says the request was cancelled when the user dismisses the prompt (NotAllowedError)', async () => {
      answerSignInOptions();
      credentials.get.mockRejectedValue(
        new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
      );
      const onSignedIn = renderButton();
      click();
      expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.cancelled);
      expect(onSignedIn).not.toHaveBeenCalled();
      expect(apiCalls('POST', '/api/auth/passkeys/authentication/verify')).toHaveLength(0);
    });

    it('says the request was interrupted when it was aborted (AbortError)', async () => {
      answerSignInOptions();
      credentials.get.mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
      renderButton();
      click();
      expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.aborted);
    });

    it('says the options do not fit when the browser cannot read them (invalid options)', async () => {
      answerSignInOptions({ ...requestOptions, challenge: 'not base64url!' });
      renderButton();
      click();
      expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.invalidOptions);
      expect(credentials.get).not.toHaveBeenCalled();
    });

    it("shows the server's words when it refuses the answer", async () => {
      answerSignInOptions();
      credentials.get.mockResolvedValue(assertion);
      server.use(
        http.post('/api/auth/passkeys/authentication/verify', () =>
          errorResponse(
            401,
            'PASSKEY_VERIFICATION_FAILED',
            'The passkey could not be verified. Try again, or sign in with your email and password.',
          ),
        ),
      );
      const onSignedIn = renderButton();
      click();
      expect((await screen.findByRole('alert')).textContent).toBe(
        'The passkey could not be verified. Try again, or sign in with your email and password.',
      );
      expect(onSignedIn).not.toHaveBeenCalled();
    });
  });

  describe("'Register a passkey'", () => {
    const renderRegister = () => {
      signInAs({ userType: 'authenticated', email: 'fan@example.com' });
      render(
        <WithProviders>
          <RegisterPasskey />
        </WithProviders>,
      );
    };
    const click = () => fireEvent.click(screen.getByRole('button', { name: 'Register a passkey' }));

    it('creates a passkey with the server’s options and has the server store it', async () => {
      answerRegistrationOptions();
      credentials.create.mockResolvedValue(attestation);
      server.use(
        http.post('/api/auth/passkeys/registration/verify', ({ response }) =>
          response(200).json({
            passkey: {
              id: '7f1c2e0a-5d4b-4c3a-9e8f-1a2b3c4d5e6f',
              name: 'Passkey',
              createdAt: '2026-01-01T00:00:00.000Z',
              lastUsedAt: null,
              backedUp: false,
            },
          }),
        ),
      );
      renderRegister();
      click();
      expect((await screen.findByRole('status')).textContent).toBe(PASSKEY_REGISTERED_TEXT);
      const publicKey = credentials.create.mock.calls[0][0].publicKey;
      expect(publicKey.rp).toEqual({ name: 'Backtalk', id: 'localhost' });
      expect(publicKey.authenticatorSelection).toEqual({
        residentKey: 'required',
        userVerification: 'required',
      });
      expect(apiCalls('POST', '/api/auth/passkeys/registration/verify')[0]!.body).toMatchObject({
        response: { id: 'AQID', response: { attestationObject: 'Bgc', transports: ['internal'] } },
      });
    });

    it('says the device has a passkey already (InvalidStateError: an excluded credential)', async () => {
      answerRegistrationOptions();
      credentials.create.mockRejectedValue(
        new DOMException(
          'The user attempted to register an authenticator that contains one of the credentials already registered with the relying party.',
          'InvalidStateError',
        ),
      );
      renderRegister();
      click();
      expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.existing);
      expect(apiCalls('POST', '/api/auth/passkeys/registration/verify')).toHaveLength(0);
    });

    it("shows the server's words when it finds the passkey registered already", async () => {
      answerRegistrationOptions();
      credentials.create.mockResolvedValue(attestation);
      const words = 'This passkey is already registered. Sign in with it, or register one on another device.';
      server.use(
        http.post('/api/auth/passkeys/registration/verify', () =>
          errorResponse(409, 'PASSKEY_ALREADY_REGISTERED', words),
        ),
      );
      renderRegister();
      click();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(words);
      expect(alert.getAttribute('data-problem')).toBe('existing');
    });

    it('says the options do not fit this site when the relying party is another domain (SecurityError)', async () => {
      answerRegistrationOptions({ ...creationOptions, rp: { name: 'Backtalk', id: 'example.com' } });
      credentials.create.mockRejectedValue(
        new DOMException(
          'The relying party ID is not a registrable domain suffix of, nor equal to the current domain.',
          'SecurityError',
        ),
      );
      renderRegister();
      click();
      expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.invalidOptions);
    });

    it('opens (openPasskeyDialog, for the account menu) in a dialog beside the menu, and cancels a pending ceremony when closed', async () => {
      signInAs({ userType: 'authenticated', email: 'fan@example.com' });
      answerRegistrationOptions();
      let aborted = false;
      credentials.create.mockImplementation(
        (options: { signal: AbortSignal }) =>
          new Promise((_resolve, reject) =>
            options.signal.addEventListener('abort', () => {
              aborted = true;
              reject(new DOMException('Aborted.', 'AbortError'));
            }),
          ),
      );
      render(
        <WithProviders>
          <PasskeyDialog />
        </WithProviders>,
      );
      expect(screen.queryByRole('dialog')).toBeNull();
      openPasskeyDialog();
      const dialog = await screen.findByRole('dialog', { name: 'Passkeys' });
      expect(dialog.textContent).toContain('Sign in without a password');
      click();
      await waitFor(() => expect(credentials.create).toHaveBeenCalled());
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(usePasskeyDialogStore.getState().open).toBe(false);
      await waitFor(() => expect(aborted).toBe(true));
    });

    it('says cancelled, aborted and unsupported in words', async () => {
      answerRegistrationOptions();
      credentials.create.mockRejectedValueOnce(new DOMException('Not allowed.', 'NotAllowedError'));
      renderRegister();
      click();
      expect((await screen.findByRole('alert')).textContent).toBe(PASSKEY_MESSAGES.cancelled);
      credentials.create.mockRejectedValueOnce(new DOMException('Aborted.', 'AbortError'));
      click();
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PASSKEY_MESSAGES.aborted));
      removeWebAuthn();
      click();
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PASSKEY_MESSAGES.unsupported));
    });
  });
});
