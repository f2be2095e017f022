import { readFileSync } from 'node:fs';
import { readmePath, readmeWithConfigTable } from './write-config-docs';

describe("README's configuration table", () => {
  it('is the one the config schemas generate (run `npm run docs:config` after changing a schema)', () => {
    const readme = readFileSync(readmePath, 'utf8');
    expect(readme).toEqual(readmeWithConfigTable(readme));
  });
});
