import { join } from 'node:path';
import { chartDir, helm, installHelm } from './support/tools';
import { KUBE_VERSION } from './support/manifests';
import { deployToolsDescribe } from './support/requirements';

const describeWithTools = deployToolsDescribe();

const examples = join(chartDir, 'examples');

beforeAll(
  () => {
    if (describeWithTools.available) installHelm();
  },
  15 * 60 * 1000,
);

describeWithTools('helm lint --strict', () => {
  it.each([
    ['default values', []],
    ['production example', [join(examples, 'production-values.yaml')]],
    ['dev example (skaffold dev)', [join(examples, 'dev-values.yaml')]],
  ])('passes with %s', (_label, valuesFiles) => {
    const result = helm([
      'lint',
      '--strict',
      '--kube-version',
      KUBE_VERSION,
      chartDir,
      ...valuesFiles.flatMap((file) => ['--values', file]),
    ]);
    expect(`${result.stdout}${result.stderr}`).toContain('1 chart(s) linted, 0 chart(s) failed');
    expect(result.status).toBe(0);
  });

  it('fails on a value the schema rejects', () => {
    const result = helm(['lint', '--strict', chartDir, '--set', 'services.gateway.replicaCount=-1']);
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(/replicaCount/);
  });
});
