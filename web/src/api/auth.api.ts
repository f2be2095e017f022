import { api, bodyOf, publicApi } from './client';
import type { GuestReply, RefreshReply, SessionInfo, SignOutReply } from './types';

/** Creates anonymous guest credentials; the browser always asks for the 'default' creator (spec §7). */
export async function createGuest(creatorId = 'default'): Promise<GuestReply> {
  return bodyOf(await publicApi.POST('/api/auth/guest', { body: { creatorId } }));
}

/** Exchanges a refresh token for new tokens; refresh tokens rotate, so each is usable once. */
export async function refreshTokens(refreshToken: string): Promise<RefreshReply> {
  return bodyOf(await publicApi.POST('/api/auth/refresh', { body: { refreshToken } }));
}

/** The session of the bound user, or of exactly this access token (no refresh on 401). */
export async function getSession(accessToken?: string): Promise<SessionInfo> {
  return bodyOf(
    await api.GET('/api/auth/session', {
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
    }),
  );
}

/**
 * Revokes a refresh token on sign-out; throws when the server did not sign out. `endSessionUrl`
 * is the OAuth provider's logout, where the browser goes next (null for other sessions).
 */
export async function revokeRefreshToken(refreshToken: string): Promise<SignOutReply> {
  return bodyOf(await publicApi.POST('/api/auth/sign-out', { body: { refreshToken } }));
}
