import { parseAllDocuments } from 'yaml';
import { chartDir, helm } from './tools';

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- checked against the Kubernetes schema first, then probed
  spec?: any;
  data?: Record<string, string>;
  [key: string]: unknown;
}

export interface RenderOptions {
  valuesFiles?: string[];
  set?: string[];
  release?: string;
}

// Kubernetes version the chart is rendered for; the chart declares >=1.25.
export const KUBE_VERSION = '1.30.0';

export function templateArgs({
  valuesFiles = [],
  set = [],
  release = 'backtalk',
}: RenderOptions = {}): string[] {
  return [
    'template',
    release,
    chartDir,
    '--namespace',
    'backtalk',
    '--kube-version',
    KUBE_VERSION,
    ...valuesFiles.flatMap((file) => ['--values', file]),
    ...set.flatMap((value) => ['--set', value]),
  ];
}

/** Renders the chart to YAML; throws with helm's own message when rendering fails. */
export function renderText(options: RenderOptions = {}): string {
  const result = helm(templateArgs(options));
  if (result.status !== 0) throw new Error(`helm template failed:\n${result.stderr}`);
  return result.stdout;
}

export function render(options: RenderOptions = {}): Manifest[] {
  return parseManifests(renderText(options));
}

export function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`rendered YAML does not parse: ${doc.errors[0].message}`);
      return doc.toJS() as Manifest | null;
    })
    .filter((doc): doc is Manifest => doc !== null);
}

export function byKind(manifests: Manifest[], kind: string): Manifest[] {
  return manifests.filter((m) => m.kind === kind);
}

export function named(manifests: Manifest[], kind: string, name: string): Manifest {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found)
    throw new Error(
      `no ${kind} named ${name} among ${manifests.map((m) => `${m.kind}/${m.metadata.name}`).join(', ')}`,
    );
  return found;
}
