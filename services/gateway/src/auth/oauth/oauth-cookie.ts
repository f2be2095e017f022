import type { OAuthProvider } from '@backtalk/proto';
import type { Request, Response } from 'express';

/**
 * The binding cookie: a random value whose hash the pending sign-in stores, so
 * only the browser that started a sign-in can finish it (a callback URL sent
 * to someone else fails: login CSRF). Scoped to the provider's callback path.
 * SameSite=Lax reaches the callback of a top-level GET redirect; a form_post
 * response (Apple) is a cross-site POST, which only SameSite=None (and so
 * Secure) reaches.
 */
const BINDING_COOKIE = 'bt_oauth';
const BINDING_VALUE = /^[A-Za-z0-9_-]{43}$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function oauthCallbackPath(provider: OAuthProvider): string {
  return `/api/auth/oauth/${provider}/callback`;
}

function cookieOptions(request: Request, provider: OAuthProvider, crossSitePost: boolean) {
  return {
    httpOnly: true,
    secure: crossSitePost || request.secure || !LOCAL_HOSTS.has(request.hostname),
    sameSite: crossSitePost ? ('none' as const) : ('lax' as const),
    path: oauthCallbackPath(provider),
  };
}

export function setBindingCookie(
  request: Request,
  response: Response,
  provider: OAuthProvider,
  value: string,
  maxAgeSeconds: number,
  crossSitePost: boolean,
): void {
  response.cookie(BINDING_COOKIE, value, {
    ...cookieOptions(request, provider, crossSitePost),
    maxAge: maxAgeSeconds * 1000,
  });
}

export function clearBindingCookie(request: Request, response: Response, provider: OAuthProvider): void {
  response.clearCookie(BINDING_COOKIE, cookieOptions(request, provider, false));
}

/** The binding cookie the callback carried, or undefined (a malformed value counts as none). */
export function readBindingCookie(request: Request): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== BINDING_COOKIE) continue;
    const value = rest.join('=');
    if (BINDING_VALUE.test(value)) return value;
  }
  return undefined;
}
