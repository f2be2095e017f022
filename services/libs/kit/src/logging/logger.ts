import type { LoggerOptions } from 'pino';
import { RequestContext } from './request-context';

export interface LoggerSettings {
  service: string;
  level: string;
  /** Human-readable lines instead of JSON (standalone mode on a terminal). */
  pretty?: boolean;
  /** Leave out Nest's start-up chatter (module and route listings) below debug level. */
  quietFramework?: boolean;
}

/** Nest's own start-up contexts: one line per module and route, repeated for every service. */
const FRAMEWORK_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
  'NestMicroservice',
]);

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
        // The refresh token's cookie (bt_refresh) goes out in Set-Cookie on every sign-in and refresh.
        'res.headers["set-cookie"]',
        'req.headers["stripe-signature"]',
        '*.password',
        '*.refreshToken',
        '*.accessToken',
        '*.idToken',
      ],
      censor: '[redacted]',
    },
    ...(settings.quietFramework
      ? {
          hooks: {
            logMethod(args, method, level) {
              const first = args[0] as { context?: unknown } | undefined;
              const context = typeof first === 'object' && first !== null ? first.context : undefined;
              if (
                level < 30 ||
                typeof context !== 'string' ||
                !FRAMEWORK_CONTEXTS.has(context) ||
                level > 30
              ) {
                method.apply(this, args);
              }
            },
          },
        }
      : {}),
  };
}
