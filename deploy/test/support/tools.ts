import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '../../..');
export const deployDir = join(repoRoot, 'deploy');
export const chartDir = join(repoRoot, 'charts/backtalk');

export const SERVICES = [
  'gateway',
  'identity',
  'creators',
  'ingestion',
  'chat-inference',
  'billing',
  'feature-flags',
] as const;
export type ServiceName = (typeof SERVICES)[number];

/*
 * Schemas that no npm package ships in a current version are read from the Go modules
 * that publish them (the same versions skaffold and docker compose embed). They are pinned
 * here and downloaded once by the global setup, then read from the module cache offline.
 */
export const SCHEMA_MODULES = {
  skaffold: {
    module: 'github.com/GoogleContainerTools/skaffold/v2',
    version: 'v2.24.0',
    file: 'docs-v2/content/en/schemas/v4beta13.json',
  },
  compose: {
    module: 'github.com/compose-spec/compose-go/v2',
    version: 'v2.16.2',
    file: 'schema/compose-spec.json',
  },
} as const;

function which(binary: string, extraDirs: string[] = []): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...extraDirs].filter(Boolean);
  return dirs.map((dir) => join(dir, binary)).find((candidate) => existsSync(candidate));
}

export function goBinary(): string {
  const go = which('go', ['/usr/local/go/bin']);
  if (!go) throw new Error('Go is not installed (looked in PATH and /usr/local/go/bin)');
  return go;
}

function goEnv(name: string): string {
  return execFileSync(goBinary(), ['env', name], { encoding: 'utf8' }).trim();
}

function helmBinary(): string {
  const helm = which('helm', [join(goEnv('GOPATH').split(delimiter)[0], 'bin')]);
  if (!helm)
    throw new Error('helm not found in PATH or $(go env GOPATH)/bin; run deploy/scripts/install-helm.sh');
  return helm;
}

export function installHelm(): void {
  const result = spawnSync('bash', [join(deployDir, 'scripts/install-helm.sh')], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${process.env.PATH}${delimiter}/usr/local/go/bin` },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`install-helm.sh failed with exit code ${result.status}`);
}

export function schemaPath(kind: keyof typeof SCHEMA_MODULES): string {
  const { module, version, file } = SCHEMA_MODULES[kind];
  const out = execFileSync(goBinary(), ['mod', 'download', '-json', `${module}@${version}`], {
    encoding: 'utf8',
    // Outside any Go module, so only the pinned module itself is resolved.
    cwd: tmpdir(),
  });
  const { Dir, Error: error } = JSON.parse(out) as { Dir?: string; Error?: string };
  if (error || !Dir) throw new Error(`go mod download ${module}@${version}: ${error ?? 'no directory'}`);
  return join(Dir, file);
}

export function readSchema(kind: keyof typeof SCHEMA_MODULES): Record<string, unknown> {
  return JSON.parse(readFileSync(schemaPath(kind), 'utf8'));
}

export function helm(args: string[]): SpawnSyncReturns<string> {
  return spawnSync(helmBinary(), args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}
