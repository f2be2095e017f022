import { DynamicModule, Inject, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import { loggerOptions, type LoggerSettings } from './logger';
import { requestLogging, requestLogSerializers } from './request-logging';

const ROOT_LOGGER = Symbol('root logger');

/**
 * The service's pino logger, behind Nest's Logger (nestjs-pino), and the request line of every
 * HTTP request (requestLogging). nestjs-pino is given the logger and none of its own middleware:
 * its pino-http made and held child loggers per request (see requestLogging).
 */
@Module({})
export class LoggingModule implements NestModule {
  constructor(@Inject(ROOT_LOGGER) private readonly root: Logger) {}

  static forRoot(settings: LoggerSettings): DynamicModule {
    const root = rootLogger(settings);
    return {
      module: LoggingModule,
      imports: [LoggerModule.forRoot({ pinoHttp: { logger: root }, useExisting: true, forRoutes: [] })],
      providers: [{ provide: ROOT_LOGGER, useValue: root }],
      exports: [LoggerModule],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(requestLogging(this.root)).forRoutes('{*path}');
  }
}

/** The service's root logger: shared options, the request line's serializers, pretty on a terminal. */
export function rootLogger(settings: LoggerSettings): Logger {
  const options = { ...loggerOptions(settings), serializers: requestLogSerializers };
  if (!settings.pretty) return pino(options);
  // Pretty output in the same thread (no transport worker per service module).
  return pino(options, pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
}
