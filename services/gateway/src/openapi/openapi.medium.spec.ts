import type { OpenAPIObject } from '@nestjs/swagger';
import fs from 'node:fs';
import { startGateway } from '../gateway.bootstrap';
import { serializeOpenApiDocument } from './openapi';
import { OPENAPI_FILE, renderOpenApi } from './write-openapi';

describe('the committed OpenAPI document', () => {
  it('matches the controllers (run `npm run openapi -w services/gateway` after changing the API)', async () => {
    const committed = fs.readFileSync(OPENAPI_FILE, 'utf8');
    expect(await renderOpenApi()).toBe(committed);
  });

  it('documents every route the web app calls', async () => {
    const document = JSON.parse(await renderOpenApi()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).sort()).toEqual(
      expect.arrayContaining([
        '/api/auth/guest',
        '/api/auth/refresh',
        '/api/auth/session',
        '/api/auth/sign-out',
        '/api/chat/rate-limit',
        '/api/conversations',
        '/api/conversations/{id}/messages',
        '/api/creators',
        '/api/creators/featured',
        '/api/creators/by-handle/{handle}',
        '/api/creators/{id}',
        '/api/creators/{id}/posts',
        '/api/discover/creators',
        '/api/health',
      ]),
    );
  });

  it('marks a body optional only where the gateway accepts a request without one', async () => {
    type Operation = { requestBody?: { required?: boolean } };
    const document = JSON.parse(await renderOpenApi()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const optional = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.requestBody && operation.requestBody.required !== true)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    // Guest creation without a body means the default creator; refresh and sign-out by cookie
    // send none (gateway-api.browser.test.ts sends each without a body).
    expect(optional.sort()).toEqual([
      'POST /api/auth/guest',
      'POST /api/auth/refresh',
      'POST /api/auth/sign-out',
    ]);
  });

  it('is what a running gateway serves at /api/openapi.json and /api/docs (it builds it on the first request)', async () => {
    const gateway = await startGateway({
      BACKTALK_MODE: 'standalone',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
    });
    try {
      const served = await fetch(`${gateway.url}/api/openapi.json`);
      expect(served.status).toBe(200);
      expect(serializeOpenApiDocument((await served.json()) as OpenAPIObject)).toBe(
        fs.readFileSync(OPENAPI_FILE, 'utf8'),
      );
      const ui = await fetch(`${gateway.url}/api/docs`);
      expect(ui.status).toBe(200);
      expect(await ui.text()).toContain('swagger-ui');
    } finally {
      await gateway.app.close();
    }
  });
});
