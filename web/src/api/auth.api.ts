import { apiFetch, apiJson } from './http';
import type { GuestReply, RefreshReply, SessionInfo } from './types';

/** Creates anonymous guest credentials; the browser always asks for the 'default' creator (spec §7). */
export function createGuest(creatorId = 'default'): Promise<GuestReply> {
  return apiJson<GuestReply>('/auth/guest', { method: 'POST', body: { creatorId }, auth: false });
}

/** Exchanges a refresh token for new tokens; refresh tokens rotate, so each is usable once. */
export function refreshTokens(refreshToken: string): Promise<RefreshReply> {
  return apiJson<RefreshReply>('/auth/refresh', { method: 'POST', body: { refreshToken }, auth: false });
}

export function getSession(accessToken?: string): Promise<SessionInfo> {
  return apiJson<SessionInfo>('/auth/session', accessToken ? { token: accessToken } : {});
}

/** Revokes a refresh token on sign-out. */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  await apiFetch('/auth/sign-out', { method: 'POST', body: { refreshToken }, auth: false });
}
