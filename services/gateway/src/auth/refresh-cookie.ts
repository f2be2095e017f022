import { ServiceError } from '@backtalk/kit';
import { CSRF_HEADER, ErrorCode } from '@backtalk/proto';
import type { Request, Response } from 'express';

/** The refresh token's cookie: HttpOnly, SameSite=Strict, sent only to the auth routes. */
const REFRESH_COOKIE = 'bt_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{16,512}$/;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Secure everywhere except plain http on localhost, where browsers would
 * refuse to store a Secure cookie and standalone mode must still work.
 */
function secureFor(request: Request): boolean {
  return request.secure || !LOCAL_HOSTS.has(request.hostname);
}

export function setRefreshCookie(
  request: Request,
  response: Response,
  token: string,
  maxAgeSeconds: number,
): void {
  response.cookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: secureFor(request),
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: maxAgeSeconds * 1000,
  });
}

export function clearRefreshCookie(request: Request, response: Response): void {
  response.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure: secureFor(request),
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
  });
}

/** The refresh token the browser holds, or undefined (a malformed value counts as none). */
export function readRefreshCookie(request: Request): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== REFRESH_COOKIE) continue;
    const value = rest.join('=');
    if (COOKIE_VALUE.test(value)) return value;
  }
  return undefined;
}

/**
 * CSRF defence for the routes a cookie authenticates (refresh, sign-out) and
 * for every auth route that sets the cookie: the custom header (which no page
 * of another site can add without a CORS preflight the gateway never grants),
 * and, when the browser says where the request comes from, the same origin.
 * SameSite=Strict and the JSON-only body rule are further layers.
 */
export function assertSameOriginApp(
  request: Request,
  publicUrl: string | undefined,
  requireHeader: boolean,
): void {
  if (requireHeader && request.headers[CSRF_HEADER.toLowerCase()] !== '1') {
    throw new ServiceError(
      ErrorCode.CsrfRejected,
      `This request needs the ${CSRF_HEADER}: 1 header; the Backtalk app sends it.`,
    );
  }
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw new ServiceError(ErrorCode.CsrfRejected);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const allowed = new Set([`${request.protocol}://${request.headers.host ?? ''}`]);
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  if (allowed.has(origin) || isLocalDevelopment(origin, request)) return;
  throw new ServiceError(ErrorCode.CsrfRejected);
}

/** The web dev server (another localhost port, proxying /api here) talking to a local gateway. */
function isLocalDevelopment(origin: string, request: Request): boolean {
  if (!LOCAL_HOSTS.has(request.hostname)) return false;
  try {
    return LOCAL_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}
