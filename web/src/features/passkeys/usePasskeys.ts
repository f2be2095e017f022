import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  type PasskeySignInReply,
  type PasskeySummary,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
} from '../../api';
import { type PasskeyFailure, passkeyFailureOf, PasskeysUnsupported } from './passkey-errors';

/** The failure of a ceremony in the user's words, or null. */
function failureOf(error: unknown): PasskeyFailure | null {
  return error ? passkeyFailureOf(error) : null;
}

/** Cancels a ceremony still waiting for the authenticator when the component goes away. */
function useCancelOnUnmount(): void {
  useEffect(() => () => WebAuthnAbortService.cancelCeremony(), []);
}

/**
 * 'Register a passkey': options from the server, the browser's create(), the answer verified and
 * stored by the server. `failure` says what went wrong in words (spec §8 passkey errors).
 */
export function useRegisterPasskey() {
  useCancelOnUnmount();
  const queryClient = useQueryClient();
  const mutation = useMutation<PasskeySummary, unknown, { name?: string } | void>({
    mutationFn: async (input) => {
      if (!browserSupportsWebAuthn()) throw new PasskeysUnsupported();
      const optionsJSON = await passkeyRegistrationOptions();
      const response = await startRegistration({ optionsJSON });
      return verifyPasskeyRegistration(response, input?.name);
    },
    // The account page's list (any user's key under 'passkeys') shows the new passkey.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['passkeys'] }),
  });
  return { ...mutation, failure: failureOf(mutation.error) };
}

/**
 * 'Sign in with a passkey': options from the server, the browser's get() (the authenticator
 * offers this site's passkeys), the assertion verified; `onSignedIn` gets the sign-in answer
 * (`done` or `verifyUser` with the tokens), as a password sign-in's last step does.
 */
export function usePasskeySignIn(onSignedIn: (reply: PasskeySignInReply) => void | Promise<void>) {
  useCancelOnUnmount();
  const mutation = useMutation<PasskeySignInReply, unknown, void>({
    mutationFn: async () => {
      if (!browserSupportsWebAuthn()) throw new PasskeysUnsupported();
      const optionsJSON = await passkeyAuthenticationOptions();
      const response = await startAuthentication({ optionsJSON });
      return verifyPasskeyAuthentication(response);
    },
    onSuccess: (reply) => onSignedIn(reply),
  });
  return { ...mutation, failure: failureOf(mutation.error) };
}
