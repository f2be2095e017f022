import { CSRF_HEADER } from '@backtalk/proto/browser';
import { api, bodyOf, publicApi } from './client';
import type { GuestReply, RefreshReply, SessionInfo } from './types';

/**
 * The refresh token lives in the HttpOnly `bt_refresh` cookie (Path=/api/auth), never in page
 * scripts: the routes it authenticates take no body and the CSRF header (docs/security.md,
 * "Token storage"). `credentials: 'same-origin'` is fetch's default, spelled out because the
 * cookie is the whole point.
 */
const cookieAuth = { headers: { [CSRF_HEADER]: '1' }, credentials: 'same-origin' } as const;

/**
 * Creates anonymous guest credentials; the browser always asks for the 'default' creator (spec §7).
 * The gateway sets the guest's refresh cookie; the refresh token in the body is not kept.
 */
export async function createGuest(creatorId = 'default'): Promise<GuestReply> {
  return bodyOf(await publicApi.POST('/api/auth/guest', { body: { creatorId }, credentials: 'same-origin' }));
}

/** Rotates the cookie's refresh token and answers new access and id tokens (401 when there is no session). */
export async function refreshSession(): Promise<RefreshReply> {
  return bodyOf(await publicApi.POST('/api/auth/refresh', cookieAuth));
}

/** The session of the bound user, or of exactly this access token (no refresh on 401). */
export async function getSession(accessToken?: string): Promise<SessionInfo> {
  return bodyOf(
    await api.GET('/api/auth/session', {
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
    }),
  );
}

/** `providerSignOutFailed`: the OAuth provider's logout could not be reached (spec §8). */
export interface SignOutResult {
  endSessionUrl: string | null;
  providerSignOutFailed?: true;
}

/**
 * Ends the cookie's session (revokes its refresh tokens, clears the cookie). `endSessionUrl` is the
 * OAuth provider's logout, where the browser goes next, or null.
 */
export async function signOutSession(): Promise<SignOutResult> {
  return bodyOf(await publicApi.POST('/api/auth/sign-out', cookieAuth));
}
