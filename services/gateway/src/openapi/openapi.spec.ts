import fs from 'node:fs';
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
    // Guest creation without a body means the default creator (gateway-api.test.ts sends one).
    expect(optional).toEqual(['POST /api/auth/guest']);
  });
});
