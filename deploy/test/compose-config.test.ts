import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { deployDir, readSchema, SERVICES } from './support/tools';
import { deployToolsDescribe } from './support/requirements';
import { READ_OUTSIDE_THE_SCHEMAS, variablesReadBy } from './support/config-readers';

const describeWithTools = deployToolsDescribe();

// The Compose Specification schema as docker compose itself embeds it (compose-go).
let validate: ValidateFunction;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- validated by the schema first
let compose: any;

beforeAll(
  () => {
    if (!describeWithTools.available) return;
    validate = new Ajv2020({ strict: false, allErrors: true }).compile(readSchema('compose'));
    compose = parse(readFileSync(join(deployDir, 'compose.yaml'), 'utf8'), { merge: true });
  },
  10 * 60 * 1000,
);

describeWithTools('deploy/compose.yaml', () => {
  it('is valid against the Compose Specification schema', () => {
    validate(compose);
    expect(validate.errors ?? []).toEqual([]);
  });

  it('fails the schema on a misspelled key, so the check above is real', () => {
    const broken = structuredClone(compose);
    broken.services.gateway.dependsOn = ['nats'];
    expect(validate(broken)).toBe(false);
  });

  it('gives each service only variables it reads (a misspelt name would be ignored silently)', () => {
    const readers = variablesReadBy();
    for (const service of SERVICES) {
      const unread = Object.keys(compose.services[service].environment ?? {}).filter(
        (variable) => !readers.get(service)!.has(variable) && !READ_OUTSIDE_THE_SCHEMAS.has(variable),
      );
      expect([service, unread]).toEqual([service, []]);
    }
  });

  it("sets chat-inference's moderator explicitly: `openai` unless MODERATION_PROVIDER says otherwise", () => {
    // Issue 22 item 1: chat-inference refuses to start in a cluster without MODERATION_PROVIDER.
    expect(compose.services['chat-inference'].environment).toMatchObject({
      MODERATION_PROVIDER: '${MODERATION_PROVIDER:-openai}',
      MODERATION_API_KEY: '${MODERATION_API_KEY:-}',
      MODERATION_FAILURE: '${MODERATION_FAILURE:-block}',
      OPENAI_API_KEY: '${OPENAI_API_KEY:-}',
    });
  });

  it('runs the infrastructure with JetStream on', () => {
    for (const name of ['nats', 'postgres', 'qdrant', 'minio']) expect(compose.services[name]).toBeDefined();
    expect(compose.services.nats.command).toContain('--jetstream');
  });

  it('builds every service from the shared Dockerfile in cluster mode', () => {
    for (const service of SERVICES) {
      const definition = compose.services[service];
      expect(definition.build).toMatchObject({
        context: '..',
        dockerfile: 'deploy/Dockerfile',
        args: { SERVICE: service },
      });
      expect(definition.environment).toMatchObject({
        BACKTALK_MODE: 'cluster',
        NATS_URL: 'nats://nats:4222',
      });
      expect(definition.environment.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(definition.depends_on).toMatchObject({ nats: { condition: 'service_healthy' } });
    }
    expect(compose.services.gateway.ports).toEqual(['3000:3000']);
  });

  it('gives each service its own NATS user, whose password the NATS server reads for it', () => {
    const nats = compose.services.nats;
    expect(nats.command).toContain('--config=/etc/nats/authorization.conf');
    expect(nats.volumes).toContain('./nats/authorization.conf:/etc/nats/authorization.conf:ro');
    const authorization = readFileSync(join(deployDir, 'nats/authorization.conf'), 'utf8');
    for (const service of SERVICES) {
      const variable = `NATS_PASSWORD_${service.toUpperCase().replace(/-/g, '_')}`;
      expect(authorization).toContain(`user: "${service}"\n      password: $${variable}\n`);
      expect(compose.services[service].environment).toMatchObject({
        NATS_USER: service,
        NATS_PASSWORD: nats.environment[variable],
      });
      expect(nats.environment[variable]).toMatch(new RegExp(`^\\$\\{${variable}:-.{16,}\\}$`));
    }
  });

  it('checks the gateway on its internal port and gives it the shared Redis', () => {
    const gateway = compose.services.gateway;
    expect(gateway.environment).toMatchObject({ PORT: '3000', HTTP_PORT: '9090' });
    expect(gateway.healthcheck.test.join(' ')).toContain('http://127.0.0.1:9090/health/ready');
    expect(gateway.environment.REDIS_URL).toBe('${REDIS_URL:-redis://redis:6379}');
    expect(gateway.depends_on).toMatchObject({ redis: { condition: 'service_healthy' } });
  });

  it('gives identity the same Redis for its brute-force counters, and passes SMTP_URL and the SMS settings through', () => {
    const identity = compose.services.identity;
    expect(identity.environment.REDIS_URL).toBe('${REDIS_URL:-redis://redis:6379}');
    expect(identity.environment.SMTP_URL).toBe('${SMTP_URL:-}');
    expect(identity.environment.SMS_PROVIDER).toBe('${SMS_PROVIDER:-}');
    expect(identity.environment.TWILIO_AUTH_TOKEN).toBe('${TWILIO_AUTH_TOKEN:-}');
    expect(identity.depends_on).toMatchObject({ redis: { condition: 'service_healthy' } });
  });
});
