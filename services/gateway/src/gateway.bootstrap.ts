import { collectProcessMetrics } from '@backtalk/kit';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { Application } from 'express';
import type { AddressInfo } from 'node:net';
import { Logger } from 'nestjs-pino';
import { GatewayConfig } from './gateway.config';
import { GatewayModule } from './gateway.module';
import { GatewayExpressAdapter } from './http/express-server';
import { listenInternal, separateInternalRoutes } from './internal/internal-port';
import { buildOpenApiDocument } from './openapi/openapi';
import { deviceCookie } from './security/client-origin';
import { noStoreForAuth, securityHeaders } from './security/security-headers';
import { defaultWebDistDir, serveWebApp } from './spa/spa';

export interface StartedGateway {
  app: NestExpressApplication;
  /** The public API and web app. */
  url: string;
  /** Probes and metrics (HTTP_PORT); not for the public. */
  internalUrl: string;
  servesWebApp: boolean;
}

/** Builds and starts the gateway's HTTP server (both run modes). */
export async function startGateway(env?: Record<string, string | undefined>): Promise<StartedGateway> {
  collectProcessMetrics();
  const adapter = new GatewayExpressAdapter();
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.register(env), adapter, {
    bufferLogs: true,
    rawBody: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  const config = app.get(GatewayConfig);
  // X-Forwarded-For counts only from the proxies named in TRUSTED_PROXIES; with none, the peer is the client.
  app.set('trust proxy', config.TRUSTED_PROXIES.length ? config.TRUSTED_PROXIES : false);
  app.disable('x-powered-by');
  app.use(separateInternalRoutes);
  app.use(securityHeaders());
  app.use(noStoreForAuth);
  app.use(deviceCookie);
  // Built on the first request for it, not at every start (about half of the gateway's start time).
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/openapi.json',
  });
  const servesWebApp = serveWebApp(app, config.WEB_DIST_DIR ?? defaultWebDistDir());
  await app.listen(config.PORT, config.HOST);
  const internal = await listenInternal(
    adapter.getInstance<Application>(),
    config.HTTP_PORT,
    config.HOST,
    adapter.classes,
  ).catch(async (error: unknown) => {
    // The public port is already open; do not leave it serving without probes.
    await app.close();
    throw error;
  });
  app.getHttpServer().once('close', () => {
    internal.close();
    internal.closeAllConnections();
  });
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const portOf = (address: string | AddressInfo | null) =>
    typeof address === 'object' && address ? address.port : config.PORT;
  app.get(Logger).log(`gateway probes and metrics on internal port ${portOf(internal.address())}`);
  return {
    app,
    url: `http://${host}:${portOf(app.getHttpServer().address())}`,
    internalUrl: `http://${host}:${portOf(internal.address())}`,
    servesWebApp,
  };
}
