import { execFileSync, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployDir, goBinary } from './tools';

const sourceDir = join(deployDir, 'tools/manifest-check');
const binary = join(tmpdir(), 'backtalk-deploy-tools', 'manifest-check');

/**
 * Builds deploy/tools/manifest-check (Kubernetes' own strict decoder). Incremental after
 * the first build; the first one downloads the k8s.io modules that helm also uses.
 */
export function buildManifestCheck(): void {
  execFileSync(goBinary(), ['build', '-trimpath', '-o', binary, '.'], {
    cwd: sourceDir,
    env: { ...process.env, CGO_ENABLED: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

interface DecodeResult {
  kind: string;
  name: string;
  errors: string[];
}

/** Unknown-field, duplicate-field and unknown-kind errors, one string per problem. */
export function strictDecodeErrors(yamlText: string): string[] {
  const result = spawnSync(binary, [], { input: yamlText, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`manifest-check failed (${result.status}): ${result.stderr}`);
  return result.stdout
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      const { kind, name, errors } = JSON.parse(line) as DecodeResult;
      return errors.map((error) => `${kind}/${name}: ${error}`);
    });
}
