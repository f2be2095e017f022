import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, SERVICES, type ServiceName } from './tools';

/**
 * Which service reads which environment variable, from the README's configuration table. That
 * table is generated from the services' config schemas (`npm run docs:config`) and its test fails
 * when it is stale, so it is the schemas' own word, readable here without importing the services.
 */
export function variablesReadBy(): Map<ServiceName, Set<string>> {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const readers = new Map<ServiceName, Set<string>>(SERVICES.map((service) => [service, new Set<string>()]));
  for (const line of readme.split('\n')) {
    const row = /^\| `([A-Z][A-Z0-9_]*)`(?: \(secret\))? \| ([^|]+) \|/.exec(line);
    if (!row) continue;
    const names = row[2]!.split(',').map((name) => name.trim());
    const services = names.includes('all services')
      ? SERVICES
      : SERVICES.filter((service) => names.includes(service));
    for (const service of services) readers.get(service)!.add(row[1]!);
  }
  return readers;
}

/** Read outside the config schemas: by Node.js, or by the AWS SDK's credential chain (Bedrock). */
export const READ_OUTSIDE_THE_SCHEMAS = new Set([
  'NODE_ENV',
  'NODE_OPTIONS',
  'TZ',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
]);
