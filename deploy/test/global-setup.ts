import { buildManifestCheck } from './support/strict-decode';
import { installHelm, SCHEMA_MODULES, schemaPath } from './support/tools';

// Runs once per jest run of this project. On a fresh machine it builds helm and the
// strict manifest decoder and downloads two schema modules (a few minutes); later runs
// find them and return within seconds.
export default function globalSetup(): void {
  installHelm();
  for (const kind of Object.keys(SCHEMA_MODULES) as (keyof typeof SCHEMA_MODULES)[]) {
    schemaPath(kind);
  }
  buildManifestCheck();
}
