import pino, { type Logger, type LoggerOptions } from 'pino';
import { RequestContext } from './request-context';

export interface LoggerSettings {
  service: string;
  level: string;
  pretty?: boolean;
}

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
    ...(settings.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', messageKey: 'msg' },
          },
        }
      : {}),
  };
}

export function createLogger(settings: LoggerSettings): Logger {
  return pino(loggerOptions(settings));
}
