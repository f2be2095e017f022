import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule, type Params } from 'nestjs-pino';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import pretty from 'pino-pretty';
import { loggerOptions, type LoggerSettings } from './logger';
import { REQUEST_ID_HEADER, sanitizeRequestId } from './request-context';
import { redactQuery, redactUrl } from './url-redaction';

@Module({})
export class LoggingModule {
  static forRoot(settings: LoggerSettings): DynamicModule {
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: pinoHttpParams(settings) })],
      exports: [LoggerModule],
    };
  }
}

export function pinoHttpParams(settings: LoggerSettings): Params['pinoHttp'] {
  const options = {
    ...loggerOptions(settings),
    genReqId: (req: IncomingMessage) => sanitizeRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID(),
    customProps: (req: IncomingMessage) => ({ requestId: (req as IncomingMessage & { id?: string }).id }),
    autoLogging: { ignore: (req: IncomingMessage) => /^\/(health|metrics)/.test(req.url ?? '') },
    quietReqLogger: true,
    serializers: {
      // Query strings can carry tokens and one-time codes; their values never reach the log.
      req: (req: { url?: string; query?: unknown }) => ({
        ...req,
        url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
        query: redactQuery(req.query),
      }),
    },
  };
  if (!settings.pretty) return options;
  // Pretty output in the same thread (no transport worker per service module).
  return [options, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })];
}
