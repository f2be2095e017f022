import { installHelm, SCHEMA_MODULES, schemaPath } from './support/tools';

// Runs once per jest run of this project; on a fresh machine this builds helm and
// downloads two schema modules (a few minutes), later runs find them and return at once.
export default function globalSetup(): void {
  installHelm();
  for (const kind of Object.keys(SCHEMA_MODULES) as (keyof typeof SCHEMA_MODULES)[]) {
    schemaPath(kind);
  }
}
