import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';

const DEVICE_COOKIE = 'bt_device';
/** Browsers cap cookie lifetimes at 400 days. */
const DEVICE_COOKIE_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;
const DEVICE_ID = /^[\w-]{16,128}$/;

type DeviceRequest = Request & { deviceId?: string };

/** Where a request comes from, as the free tier counts it. */
export interface ClientOrigin {
  ip: string;
  device?: string;
}

/**
 * Gives every browser a long-lived random device id (HttpOnly, SameSite=Lax,
 * Secure over HTTPS) so per-device allowances survive new guest accounts.
 */
export const deviceCookie: RequestHandler = (request, response, next) => {
  // One known cookie with a strict value pattern; no general cookie parsing needed.
  const current = /(?:^|;\s*)bt_device=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  if (current && DEVICE_ID.test(current)) {
    (request as DeviceRequest).deviceId = current;
  } else {
    const deviceId = randomUUID();
    (request as DeviceRequest).deviceId = deviceId;
    response.cookie(DEVICE_COOKIE, deviceId, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.secure,
      path: '/',
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    });
  }
  next();
};

/**
 * The client's address (X-Forwarded-For counts only through TRUSTED_PROXIES, see
 * `trust proxy`) and device id, bounded to the sizes the chat contract accepts.
 */
export function clientOrigin(request: Request): ClientOrigin {
  const device = (request as DeviceRequest).deviceId;
  return {
    ip: (request.ip ?? request.socket.remoteAddress ?? 'unknown').slice(0, 64),
    ...(device ? { device: device.slice(0, 128) } : {}),
  };
}
