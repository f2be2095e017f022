import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { api, bodyOf } from './client';
import type { components } from './schema';

// Passkey routes of the gateway (docs/architecture.md, "Passkeys"). The options and answers are
// WebAuthn's JSON forms, which @simplewebauthn/browser reads and writes; the document types them
// a little wider (transports and hints as plain strings), hence the casts at this one place.

type Schemas = components['schemas'];
export type PasskeySignInReply = Schemas['PasskeySignInResponse'];
export type PasskeySummary = Schemas['PasskeyListResponse']['passkeys'][number];

export async function passkeyRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { options } = bodyOf(await api.POST('/api/auth/passkeys/registration/options', { body: {} }));
  return options as PublicKeyCredentialCreationOptionsJSON;
}

export async function verifyPasskeyRegistration(
  response: RegistrationResponseJSON,
  name?: string,
): Promise<PasskeySummary> {
  const body = {
    response: response as Schemas['PasskeyRegisterVerifyBody']['response'],
    ...(name ? { name } : {}),
  };
  return bodyOf(await api.POST('/api/auth/passkeys/registration/verify', { body })).passkey;
}

export async function passkeyAuthenticationOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { options } = bodyOf(await api.POST('/api/auth/passkeys/authentication/options', { body: {} }));
  return options as PublicKeyCredentialRequestOptionsJSON;
}

/** Signs in with the assertion: the refresh token arrives as the cookie, the tokens in the answer. */
export async function verifyPasskeyAuthentication(
  response: AuthenticationResponseJSON,
): Promise<PasskeySignInReply> {
  const body = { response: response as Schemas['PasskeyAuthenticateVerifyBody']['response'] };
  return bodyOf(await api.POST('/api/auth/passkeys/authentication/verify', { body }));
}

/** The signed-in account's passkeys, newest first. */
export async function listPasskeys(signal?: AbortSignal): Promise<PasskeySummary[]> {
  return bodyOf(await api.GET('/api/auth/passkeys', { signal })).passkeys;
}

/** Deletes one of the account's passkeys. */
export async function removePasskey(id: string): Promise<void> {
  await api.DELETE('/api/auth/passkeys/{id}', { params: { path: { id } } });
}
