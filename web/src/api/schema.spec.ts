import fs from 'node:fs';
import path from 'node:path';

describe('the generated API types', () => {
  it('match the gateway’s committed OpenAPI document (run `npm run api-types -w web` after changing the API)', async () => {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const document = path.resolve(__dirname, '../../../services/gateway/openapi.json');
    const fresh = astToString(await openapiTS(new URL(`file://${document}`)));
    const committed = fs.readFileSync(path.join(__dirname, 'schema.d.ts'), 'utf8');
    const body = (text: string) => text.replace(/^\/\*\*[\s\S]*?\*\/\s*/, '').trim();
    expect(body(committed)).toBe(body(fresh));
    // Generating the types of the whole document takes seconds when every suite runs at once.
  }, 30_000);
});
