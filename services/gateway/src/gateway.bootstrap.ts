import { CONFIG, collectProcessMetrics } from '@backtalk/kit';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { GatewayConfig } from './gateway.config';
import { GatewayModule } from './gateway.module';
import { buildOpenApiDocument } from './openapi/openapi';
import { defaultWebDistDir, serveWebApp } from './spa/spa';
import { SwaggerModule } from '@nestjs/swagger';

export interface StartedGateway {
  app: NestExpressApplication;
  url: string;
  servesWebApp: boolean;
}

/** Builds and starts the gateway's HTTP server (both run modes). */
export async function startGateway(env?: Record<string, string | undefined>): Promise<StartedGateway> {
  collectProcessMetrics();
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.register(env), {
    bufferLogs: true,
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  const config = app.get<GatewayConfig>(CONFIG);
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.disable('x-powered-by');
  SwaggerModule.setup('api/docs', app, buildOpenApiDocument(app), { jsonDocumentUrl: 'api/openapi.json' });
  const servesWebApp = serveWebApp(app, config.WEB_DIST_DIR ?? defaultWebDistDir());
  await app.listen(config.PORT, config.HOST);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return { app, url: `http://${host}:${port}`, servesWebApp };
}
