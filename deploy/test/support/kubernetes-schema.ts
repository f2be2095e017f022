import type { Manifest } from './manifests';

interface ModelClass {
  new (data: unknown): { validate(): void };
}

/*
 * kubernetes-models ships a validator per Kubernetes type, compiled by ajv from the
 * Kubernetes OpenAPI schema (types, required fields, enums, int-or-string, formats).
 * Its module layout mirrors apiVersion: "apps/v1" -> kubernetes-models/apps/v1.
 */
function modelFor(apiVersion: string, kind: string): ModelClass {
  let group: Record<string, ModelClass>;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module is named by the manifest's apiVersion
    group = require(`kubernetes-models/${apiVersion}`);
  } catch {
    throw new Error(`unknown apiVersion ${apiVersion} (kind ${kind})`);
  }
  const model = group[kind];
  if (!model) throw new Error(`unknown kind ${kind} in ${apiVersion}`);
  return model;
}

/** Schema errors of one manifest, or an empty list when it is valid. */
export function kubernetesSchemaErrors(manifest: Manifest): string[] {
  const where = `${manifest.kind}/${manifest.metadata?.name}`;
  try {
    new (modelFor(manifest.apiVersion, manifest.kind))(manifest).validate();
    return [];
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
}
