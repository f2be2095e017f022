import { api, bodyOf, publicApi } from './client';
import type { components } from './schema';

// The account flows of /sign-in (spec §4). Every flow call answers `nextStep`: the next screen
// always comes from the server. Once signed in, the answer's `session` holds the access and id
// tokens and the gateway has set the refresh cookie.

type Schemas = components['schemas'];
export type AuthFlowReply = Schemas['AuthFlowResponse'];
export type CodeDelivery = Schemas['CodeDeliveryResponse']['codeDelivery'];
export type AuthProviders = Schemas['AuthProvidersResponse'];
export type OAuthProviderName = AuthProviders['oauth'][number];
export type MfaType = Schemas['MfaSettingsResponse']['available'][number];
export type VerifiableAttribute = Schemas['AttributeVerifyBody']['attribute'];
type ChallengeAnswer = Schemas['SignInRespondBody']['answer'];

/** Which sign-in options to show and the password minimum (spec §5). */
export async function getAuthProviders(): Promise<AuthProviders> {
  return bodyOf(await publicApi.GET('/api/auth/providers'));
}

// The flow calls go through `api`, so a guest's bearer token travels with them and the guest's
// chats move to the account (spec §3 GuestUser.convertedToUser).

export async function signUp(body: Schemas['SignUpBody']): Promise<AuthFlowReply> {
  return bodyOf(await api.POST('/api/auth/sign-up', { body, credentials: 'same-origin' }));
}

export async function confirmSignUp(body: Schemas['ConfirmSignUpBody']): Promise<AuthFlowReply> {
  return bodyOf(await api.POST('/api/auth/sign-up/confirm', { body, credentials: 'same-origin' }));
}

/** Spec §4 auto sign-in: `confirmed: false` until the account is confirmed elsewhere, then the flow's answer. */
export async function pollAutoSignIn(
  body: Schemas['AutoSignInBody'],
): Promise<Schemas['AutoSignInResponse']> {
  return bodyOf(await api.POST('/api/auth/sign-up/auto-sign-in', { body, credentials: 'same-origin' }));
}

export async function resendSignUpCode(email: string): Promise<Schemas['ResendSignUpCodeResponse']> {
  return bodyOf(await publicApi.POST('/api/auth/sign-up/resend', { body: { email } }));
}

export async function signIn(body: Schemas['SignInBody']): Promise<AuthFlowReply> {
  return bodyOf(await api.POST('/api/auth/sign-in', { body, credentials: 'same-origin' }));
}

export async function respondToSignIn(challenge: string, answer: ChallengeAnswer): Promise<AuthFlowReply> {
  return bodyOf(
    await api.POST('/api/auth/sign-in/respond', { body: { challenge, answer }, credentials: 'same-origin' }),
  );
}

export async function forgotPassword(email: string): Promise<CodeDelivery> {
  return bodyOf(await publicApi.POST('/api/auth/password/forgot', { body: { email } })).codeDelivery;
}

export async function resetPassword(body: Schemas['ResetPasswordBody']): Promise<void> {
  bodyOf(await publicApi.POST('/api/auth/password/reset', { body }));
}

/** Sends a code to the signed-in user's own attribute (spec §4 Verify attributes). */
export async function verifyAttribute(attribute: VerifiableAttribute): Promise<CodeDelivery> {
  return bodyOf(await api.POST('/api/auth/attributes/verify', { body: { attribute } })).codeDelivery;
}

export async function confirmAttribute(attribute: VerifiableAttribute, code: string): Promise<void> {
  bodyOf(await api.POST('/api/auth/attributes/confirm', { body: { attribute, code } }));
}

/** The gateway route a federated button navigates to (a full-page navigation, not a fetch). */
export function oauthStartUrl(provider: OAuthProviderName, returnTo?: string): string {
  const query = returnTo ? `?${new URLSearchParams({ returnTo }).toString()}` : '';
  return `/api/auth/oauth/${provider}/start${query}`;
}
