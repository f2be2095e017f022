import { api, bodyOf } from './client';
import type { components } from './schema';
import type { CodeDelivery } from './sign-in.api';

// The signed-in account's own settings (the /account page, docs/architecture.md "Account page"):
// its sessions, second factors and password (email verification is sign-in's verifyAttribute). Every route answers only for
// the account of the bearer token; guests are refused by the gateway.

type Schemas = components['schemas'];
export type UserSession = Schemas['SessionListResponse']['sessions'][number];
export type MfaSettings = Schemas['MfaSettingsResponse'];
export type MfaMethod = Schemas['MfaDisableBody']['method'];
export type TotpSetup = Schemas['MfaTotpStartResponse']['nextStep'];
export type PasswordChangeBody = Schemas['PasswordChangeBody'];
export type PasswordChangeReply = Schemas['PasswordChangeResponse'];

/** The user's active sessions, newest use first; `current` is this browser's. */
export async function listSessions(signal?: AbortSignal): Promise<UserSession[]> {
  return bodyOf(await api.GET('/api/auth/sessions', { signal })).sessions;
}

/** Signs out one of the user's sessions. */
export async function revokeSession(id: string): Promise<boolean> {
  return bodyOf(await api.DELETE('/api/auth/sessions/{id}', { params: { path: { id } } })).revoked;
}

/** 'Sign out everywhere': every session of the user, this one included. */
export async function revokeAllSessions(): Promise<number> {
  return bodyOf(await api.DELETE('/api/auth/sessions')).revoked;
}

export async function getMfaSettings(signal?: AbortSignal): Promise<MfaSettings> {
  return bodyOf(await api.GET('/api/auth/mfa', { signal }));
}

/** Starts authenticator-app setup: the secret and its otpauth URI (for the QR code). */
export async function startTotpSetup(): Promise<TotpSetup> {
  return bodyOf(await api.POST('/api/auth/mfa/totp', { body: {} })).nextStep;
}

/** The first code from the app turns TOTP on. */
export async function confirmTotpSetup(code: string): Promise<MfaSettings> {
  return bodyOf(await api.POST('/api/auth/mfa/totp/confirm', { body: { code } }));
}

/** Emails a code to the account's address, to turn email codes on with. */
export async function startEmailMfa(): Promise<CodeDelivery> {
  return bodyOf(await api.POST('/api/auth/mfa/email', { body: {} })).codeDelivery;
}

export async function confirmEmailMfa(code: string): Promise<MfaSettings> {
  return bodyOf(await api.POST('/api/auth/mfa/email/confirm', { body: { code } }));
}

/** Emails a fresh code to the MFA address, to turn email codes off with. */
export async function sendMfaEmailCode(): Promise<CodeDelivery> {
  return bodyOf(await api.POST('/api/auth/mfa/email/code', { body: {} })).codeDelivery;
}

/** Texts a code to the account's verified phone number, to turn SMS codes on with. */
export async function startSmsMfa(): Promise<CodeDelivery> {
  return bodyOf(await api.POST('/api/auth/mfa/sms', { body: {} })).codeDelivery;
}

export async function confirmSmsMfa(code: string): Promise<MfaSettings> {
  return bodyOf(await api.POST('/api/auth/mfa/sms/confirm', { body: { code } }));
}

/** Texts a fresh code to the verified phone number, to turn SMS codes off with. */
export async function sendMfaSmsCode(): Promise<CodeDelivery> {
  return bodyOf(await api.POST('/api/auth/mfa/sms/code', { body: {} })).codeDelivery;
}

/** Turns a factor off with a fresh code of that factor. */
export async function disableMfa(method: MfaMethod, code: string): Promise<MfaSettings> {
  return bodyOf(await api.POST('/api/auth/mfa/disable', { body: { method, code } }));
}

export async function changePassword(body: PasswordChangeBody): Promise<PasswordChangeReply> {
  return bodyOf(await api.POST('/api/auth/password/change', { body }));
}

export type AccountDeleteBody = Schemas['AccountDeleteBody'];

/** Deletes the signed-in account (docs/retention.md); the server clears the refresh cookie. */
export async function deleteAccount(body: AccountDeleteBody): Promise<void> {
  bodyOf(await api.POST('/api/auth/account/delete', { body }));
}
