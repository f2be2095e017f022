import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import fs from 'node:fs';
import path from 'node:path';
import { GatewayModule } from '../gateway.module';
import { buildOpenApiDocument, serializeOpenApiDocument } from './openapi';

/** `npm run openapi -w services/gateway`: rewrites the committed services/gateway/openapi.json. */
export const OPENAPI_FILE = path.resolve(__dirname, '../../openapi.json');

export async function renderOpenApi(): Promise<string> {
  const app = await NestFactory.create(
    GatewayModule.register({ BACKTALK_MODE: 'standalone', LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
    { logger: false },
  );
  try {
    return serializeOpenApiDocument(buildOpenApiDocument(app));
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  renderOpenApi().then(
    (text) => {
      fs.writeFileSync(OPENAPI_FILE, text);
      process.stdout.write(`wrote ${path.relative(process.cwd(), OPENAPI_FILE)}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exit(1);
    },
  );
}
