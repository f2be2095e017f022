import type { LoggerOptions } from 'pino';
import { RequestContext } from './request-context';

export interface LoggerSettings {
  service: string;
  level: string;
  /** Human-readable lines instead of JSON (standalone mode on a terminal). */
  pretty?: boolean;
}

/** pino options shared by every service: level, service label, request id, redaction. */
export function loggerOptions(settings: LoggerSettings): LoggerOptions {
  return {
    level: settings.level,
    base: { service: settings.service },
    mixin: () => {
      const requestId = RequestContext.requestId();
      return requestId ? { requestId } : {};
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["stripe-signature"]',
        '*.password',
        '*.refreshToken',
        '*.accessToken',
        '*.idToken',
      ],
      censor: '[redacted]',
    },
  };
}
