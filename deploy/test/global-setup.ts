import { buildManifestCheck } from './support/strict-decode';
import { DEPLOY_TOOLS_VARIABLE } from './support/requirements';
import { installHelm, SCHEMA_MODULES, schemaPath } from './support/tools';

// Runs once per jest run of this project. On a fresh machine it builds helm and the
// strict manifest decoder and downloads two schema modules (a few minutes); later runs
// find them and return within seconds. A machine without helm or Go does not stop the
// run: the suites that need them report as skipped with the reason.
export default function globalSetup(): void {
  if (process.env[DEPLOY_TOOLS_VARIABLE]) return;
  try {
    installHelm();
    for (const kind of Object.keys(SCHEMA_MODULES) as (keyof typeof SCHEMA_MODULES)[]) {
      schemaPath(kind);
    }
    buildManifestCheck();
    process.env[DEPLOY_TOOLS_VARIABLE] = 'ready';
  } catch (error) {
    process.env[DEPLOY_TOOLS_VARIABLE] =
      error instanceof Error ? error.message.split('\n')[0] : String(error);
  }
}
