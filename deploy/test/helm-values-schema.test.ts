import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { helm, installHelm } from './support/tools';
import { templateArgs } from './support/manifests';
import { deployToolsDescribe } from './support/requirements';

const describeWithTools = deployToolsDescribe();

beforeAll(
  () => {
    if (describeWithTools.available) installHelm();
  },
  15 * 60 * 1000,
);

function templateWith(values: string): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'backtalk-values-'));
  const file = join(dir, 'values.yaml');
  writeFileSync(file, values);
  const result = helm(templateArgs({ valuesFiles: [file] }));
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describeWithTools('values.schema.json rejects wrong values before anything renders', () => {
  it.each([
    ['negative replicas', 'services:\n  gateway:\n    replicaCount: -1\n', /replicaCount.*minimum/s],
    ['replicas as a word', 'services:\n  identity:\n    replicaCount: two\n', /replicaCount.*want integer/s],
    ['misspelled key', 'services:\n  gateway:\n    replicas: 3\n', /additional properties 'replicas'/],
    ['unknown service', 'services:\n  payments: {}\n', /additional properties 'payments'/],
    [
      'unknown top-level key',
      'databaseUrl: postgres://u:p@db/backtalk\n',
      /additional properties 'databaseUrl'/,
    ],
    ['unsupported LLM provider', 'config:\n  llm:\n    provider: gpt\n', /provider.*one of/s],
    [
      'unsupported embeddings provider',
      'config:\n  embeddings:\n    provider: cohere\n',
      /provider.*one of/s,
    ],
    [
      'unsupported moderation provider',
      'config:\n  moderation:\n    provider: perspective\n',
      /provider.*one of/s,
    ],
    ['moderation provider left empty', 'config:\n  moderation:\n    provider: ""\n', /provider.*one of/s],
    [
      'unsupported moderation failure policy',
      'config:\n  moderation:\n    failure: allow\n',
      /failure.*one of/s,
    ],
    ['unsupported storage driver', 'storage:\n  driver: gcs\n', /driver.*one of/s],
    ['bad log level', 'config:\n  logLevel: verbose\n', /logLevel.*one of/s],
    ['port out of range', 'config:\n  httpPort: 70000\n', /httpPort.*maximum/s],
    [
      'fee over 100 percent',
      'config:\n  billing:\n    platformFeePercent: 150\n',
      /platformFeePercent.*maximum/s,
    ],
    ['public URL without scheme', 'config:\n  publicUrl: backtalk.example.com\n', /publicUrl/],
    ['MFA_REQUIRED as a word', 'config:\n  auth:\n    mfaRequired: always\n', /mfaRequired.*want boolean/s],
    [
      'plain-http passkey origin off localhost',
      'config:\n  auth:\n    passkeys:\n      origin: http://backtalk.example\n',
      /origin/,
    ],
    [
      'passkey relying party id with a scheme',
      'config:\n  auth:\n    passkeys:\n      rpId: https://backtalk.example\n',
      /rpId/,
    ],
    [
      'passkey challenge lifetime too short',
      'config:\n  auth:\n    passkeys:\n      challengeTtlSeconds: 5\n',
      /challengeTtlSeconds.*minimum/s,
    ],
    ['NATS URL of the wrong scheme', 'nats:\n  url: http://nats:4222\n', /nats\/url|\/nats/],
    [
      'malformed memory quantity',
      'services:\n  billing:\n    resources:\n      limits:\n        memory: lots\n',
      /memory/,
    ],
    [
      'env value that is not a string',
      'services:\n  gateway:\n    env:\n      FEATURE_X: true\n',
      /FEATURE_X.*want string/s,
    ],
    ['empty existing Secret name', 'secrets:\n  existingSecret: ""\n', /existingSecret/],
    ['unknown pull policy', 'image:\n  pullPolicy: Sometimes\n', /pullPolicy.*one of/s],
    [
      'a secret value typed into values',
      'secrets:\n  existingSecret: s\n  stripeSecretKey: sk_live_x\n',
      /additional properties 'stripeSecretKey'/,
    ],
  ])('%s', (_label, values, message) => {
    const { status, output } = templateWith(values);
    expect(status).not.toBe(0);
    expect(output).toMatch(/schema/);
    expect(output).toMatch(message);
  });

  it('rejects autoscaling bounds that cross', () => {
    const { status, output } = templateWith(
      'services:\n  gateway:\n    autoscaling:\n      minReplicas: 5\n      maxReplicas: 2\n',
    );
    expect(status).not.toBe(0);
    expect(output).toContain('services.gateway.autoscaling.minReplicas must not exceed maxReplicas');
  });

  it('accepts the same file once the mistake is fixed', () => {
    const { status, output } = templateWith('services:\n  gateway:\n    replicaCount: 3\n');
    expect(output).not.toMatch(/Error/);
    expect(status).toBe(0);
  });
});
