import { DockerfileParser, type Dockerfile, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deployDir, SERVICES } from './support/tools';

const source = readFileSync(join(deployDir, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(join(deployDir, 'Dockerfile.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const dockerfile: Dockerfile = DockerfileParser.parse(source);

interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

// Groups instructions under the FROM that opens their stage.
function stages(): Stage[] {
  const froms = dockerfile.getFROMs();
  return froms.map((from, index) => {
    const start = from.getRange().start.line;
    const end = froms[index + 1]?.getRange().start.line ?? Number.MAX_SAFE_INTEGER;
    return {
      name: from.getBuildStage() ?? String(index),
      base: from.getImageName() ?? '',
      instructions: dockerfile.getInstructions().filter((i) => {
        const line = i.getRange().start.line;
        return line > start && line < end;
      }),
    };
  });
}

const argsOf = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.getKeyword() === keyword).map((i) => i.getArgumentsContent() ?? '');
const finalStage = () => stages()[stages().length - 1];

describe('deploy/Dockerfile', () => {
  it('has no syntax problems according to dockerfile-utils', () => {
    expect(validate(source)).toEqual([]);
  });

  it('is multi-stage and every stage descends from node:24-bookworm-slim', () => {
    const initial = Object.fromEntries(
      dockerfile.getInitialARGs().map((arg) => [arg.getProperty()?.getName(), arg.getProperty()?.getValue()]),
    );
    expect(initial.NODE_IMAGE).toBe('node:24-bookworm-slim');
    const all = stages();
    expect(all.length).toBeGreaterThanOrEqual(3);
    const names = new Set(all.map((s) => s.name));
    for (const stage of all) expect(stage.base === '${NODE_IMAGE}' || names.has(stage.base)).toBe(true);
  });

  it('takes the SERVICE build argument and refuses names it does not know', () => {
    const prodDeps = stages().find((s) => s.name === 'prod-deps')!;
    expect(argsOf(prodDeps, 'ARG')).toContain('SERVICE');
    const check = argsOf(prodDeps, 'RUN').join('\n');
    for (const service of SERVICES) expect(check).toContain(service);
    expect(check).toMatch(/exit 1/);
    expect(argsOf(finalStage(), 'ARG')).toContain('SERVICE');
  });

  it('installs production dependencies of the one service only', () => {
    const prodInstall = stages()
      .flatMap((s) => argsOf(s, 'RUN'))
      .find((run) => run.includes('--omit=dev'));
    expect(prodInstall).toMatch(/npm ci\b/);
    expect(prodInstall).toContain('--workspace "services/${SERVICE}"');
  });

  it('leaves the GPU builds of the local LLM runtime out unless asked for', () => {
    const prodDeps = stages().find((s) => s.name === 'prod-deps')!;
    expect(argsOf(prodDeps, 'ARG')).toContain('LLAMA_GPU_BINARIES=false');
    expect(argsOf(prodDeps, 'RUN').join('\n')).toMatch(/cuda.*vulkan.*LLAMA_GPU_BINARIES.*rm -rf/s);
  });

  it('builds with the monorepo build in a stage the runtime does not inherit', () => {
    const build = stages().find((s) => s.name === 'build')!;
    expect(argsOf(build, 'RUN').join('\n')).toContain('nx run-many -t build');
    expect(finalStage().base).toBe('${NODE_IMAGE}');
    expect(argsOf(finalStage(), 'RUN').join('\n')).not.toMatch(/npm (ci|install)/);
  });

  it('copies the web build into the gateway image only', () => {
    const assemble = argsOf(
      stages().find((s) => s.name === 'assemble')!,
      'RUN',
    ).join('\n');
    expect(assemble).toMatch(/if \[ "\$\{SERVICE\}" = gateway \]; then .*web\/dist/);
    const copiedFrom = dockerfile.getCOPYs().map((copy) => copy.getFromFlag()?.getValue());
    expect(copiedFrom).toEqual(expect.arrayContaining(['prod-deps', 'assemble']));
  });

  it('runs as a numeric non-root user', () => {
    const users = argsOf(finalStage(), 'USER');
    expect(users).toHaveLength(1);
    const [uid] = users[0].split(':');
    expect(uid).toMatch(/^\d+$/);
    expect(Number(uid)).toBeGreaterThan(0);
  });

  it('starts the service through an init with an exec-form entrypoint, so `migrate` can be appended', () => {
    const [entrypoint] = dockerfile.getENTRYPOINTs();
    expect(entrypoint.getJSONStrings().map((s) => s.getJSONValue())).toEqual([
      '/usr/bin/tini',
      '--',
      'node',
      '/app/main.js',
    ]);
  });
});

describe('deploy/Dockerfile.dockerignore', () => {
  it.each(['**/node_modules', '**/dist', '.git', '.nx', '.env'])(
    'keeps %s out of the build context',
    (pattern) => {
      expect(dockerignore).toContain(pattern);
    },
  );

  it('keeps the deploy workspace manifest that npm ci checks the lockfile against', () => {
    expect(dockerignore.indexOf('!deploy/package.json')).toBeGreaterThan(dockerignore.indexOf('deploy/*'));
  });
});
