import { renderConfigTable, withConfigTable } from '@backtalk/kit';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { configReaderGroups, configReaders } from './config-readers';

/** README.md at the repository root (from src/config-docs or dist/config-docs alike). */
export const readmePath = path.resolve(__dirname, '../../../../README.md');

/** The README with its configuration table generated from the schemas' descriptions. */
export function readmeWithConfigTable(readme: string): string {
  return withConfigTable(readme, renderConfigTable(configReaders, configReaderGroups));
}

// `npm run docs:config`
if (require.main === module) {
  const before = readFileSync(readmePath, 'utf8');
  const after = readmeWithConfigTable(before);
  writeFileSync(readmePath, after);
  process.stdout.write(
    before === after
      ? 'README.md: configuration table is up to date\n'
      : 'README.md: configuration table rewritten\n',
  );
}
