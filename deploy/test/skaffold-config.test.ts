import Ajv, { type ValidateFunction } from 'ajv';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readSchema, repoRoot, SERVICES } from './support/tools';
import { deployToolsDescribe } from './support/requirements';

const describeWithTools = deployToolsDescribe();

// Skaffold's own JSON schema for the apiVersion skaffold.yaml declares.
let validate: ValidateFunction;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- validated by the schema first
let config: any;

beforeAll(
  () => {
    if (!describeWithTools.available) return;
    // The schema carries IDE-only keywords (x-intellij-html-description, preferredOrder).
    validate = new Ajv({ strict: false, allErrors: true }).compile(readSchema('skaffold'));
    config = parse(readFileSync(join(repoRoot, 'skaffold.yaml'), 'utf8'), { merge: true });
  },
  10 * 60 * 1000,
);

const sanitized = (image: string) => image.replace(/[/.:-]/g, '_');

describeWithTools('skaffold.yaml', () => {
  it('declares the schema version it is validated against', () => {
    expect(config.apiVersion).toBe('skaffold/v4beta13');
    expect(config.kind).toBe('Config');
  });

  it('is valid against the skaffold v4beta13 schema', () => {
    validate(config);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('fails the schema when a key is misspelled, so the check above is real', () => {
    const broken = structuredClone(config);
    broken.build.artifacts[0].docker.buildArg = { SERVICE: 'gateway' };
    expect(validate(broken)).toBe(false);
  });

  it('builds one image per service from the shared Dockerfile with its SERVICE', () => {
    const artifacts = config.build.artifacts as {
      image: string;
      docker: { dockerfile: string; buildArgs: Record<string, string> };
    }[];
    expect(artifacts.map((a) => a.image).sort()).toEqual(SERVICES.map((s) => `backtalk-${s}`).sort());
    for (const artifact of artifacts) {
      expect(artifact.docker.dockerfile).toBe('deploy/Dockerfile');
      expect(`backtalk-${artifact.docker.buildArgs.SERVICE}`).toBe(artifact.image);
    }
    expect(existsSync(join(repoRoot, 'deploy/Dockerfile'))).toBe(true);
  });

  it('deploys the chart and hands every built image to its service', () => {
    const [release] = config.deploy.helm.releases;
    expect(existsSync(join(repoRoot, release.chartPath, 'Chart.yaml'))).toBe(true);
    for (const service of SERVICES) {
      const key = sanitized(`backtalk-${service}`);
      expect(release.setValueTemplates[`services.${service}.image.repository`]).toBe(
        `{{.IMAGE_REPO_${key}}}`,
      );
      expect(release.setValueTemplates[`services.${service}.image.tag`]).toBe(
        `{{.IMAGE_TAG_${key}}}@{{.IMAGE_DIGEST_${key}}}`,
      );
    }
  });

  it('has a dev profile that forwards the gateway and layers existing dev values', () => {
    const devProfile = config.profiles.find((p: { name: string }) => p.name === 'dev');
    expect(devProfile.portForward).toContainEqual(
      expect.objectContaining({ resourceType: 'service', resourceName: 'backtalk-gateway', localPort: 3000 }),
    );
    for (const patch of devProfile.patches) {
      for (const file of patch.value) expect(existsSync(join(repoRoot, file))).toBe(true);
    }
  });
});
