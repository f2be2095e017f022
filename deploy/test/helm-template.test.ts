import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chartDir, installHelm, SERVICES, type ServiceName } from './support/tools';
import { byKind, named, parseManifests, render, renderText, type Manifest } from './support/manifests';
import { buildManifestCheck, strictDecodeErrors } from './support/strict-decode';
import { kubernetesSchemaErrors } from './support/kubernetes-schema';
import { deployToolsDescribe } from './support/requirements';
import { READ_OUTSIDE_THE_SCHEMAS, variablesReadBy } from './support/config-readers';

const describeWithTools = deployToolsDescribe();

const examples = join(chartDir, 'examples');
const SECRET_KEYS = [
  'DATABASE_URL',
  'JWT_PRIVATE_KEY',
  'JWT_KEY_ENCRYPTION_KEY',
  'JWT_KEY_ENCRYPTION_PREVIOUS_KEYS',
  'SMTP_URL',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'MODERATION_API_KEY',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'QDRANT_API_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'TIKTOK_CLIENT_KEY',
  'TIKTOK_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'REDIS_URL',
  // SMS codes (identity, SMS_PROVIDER=twilio).
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  // OAuth sign-in (identity): the client ids too, so one Secret configures each provider.
  'OAUTH_GOOGLE_CLIENT_ID',
  'OAUTH_GOOGLE_CLIENT_SECRET',
  'OAUTH_APPLE_CLIENT_ID',
  'OAUTH_APPLE_TEAM_ID',
  'OAUTH_APPLE_KEY_ID',
  'OAUTH_APPLE_PRIVATE_KEY',
  'OAUTH_AMAZON_CLIENT_ID',
  'OAUTH_AMAZON_CLIENT_SECRET',
  'OAUTH_FACEBOOK_CLIENT_ID',
  'OAUTH_FACEBOOK_CLIENT_SECRET',
];
const DB_SERVICES = SERVICES.filter((s) => s !== 'gateway');

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}

const texts = { defaults: '', production: '', dev: '' };
let defaults: Manifest[];
let production: Manifest[];
let dev: Manifest[];

beforeAll(
  () => {
    if (!describeWithTools.available) return;
    installHelm();
    buildManifestCheck();
    texts.defaults = renderText();
    texts.production = renderText({ valuesFiles: [join(examples, 'production-values.yaml')] });
    texts.dev = renderText({ valuesFiles: [join(examples, 'dev-values.yaml')] });
    defaults = parseManifests(texts.defaults);
    production = parseManifests(texts.production);
    dev = parseManifests(texts.dev);
  },
  15 * 60 * 1000,
);

const name = (service: string) => `backtalk-${service}`;
const container = (deployment: Manifest) => deployment.spec.template.spec.containers[0];
const configOf = (manifests: Manifest[], service: ServiceName) =>
  named(manifests, 'ConfigMap', name(service)).data ?? {};
const secretEnvOf = (manifests: Manifest[], service: ServiceName): EnvVar[] =>
  (container(named(manifests, 'Deployment', name(service))).env as EnvVar[]).filter(
    (e) => e.valueFrom?.secretKeyRef,
  );

describeWithTools.each<[string, () => Manifest[], () => string]>([
  ['default values', () => defaults, () => texts.defaults],
  ['production example', () => production, () => texts.production],
  ['dev example', () => dev, () => texts.dev],
])('rendered with %s', (_label, manifests, text) => {
  it('every manifest is valid against the Kubernetes schema of its kind', () => {
    const docs = manifests();
    expect(docs.length).toBeGreaterThan(30);
    expect(docs.flatMap(kubernetesSchemaErrors)).toEqual([]);
  });

  it('every manifest decodes strictly: known kinds, no unknown or duplicate fields', () => {
    expect(strictDecodeErrors(text())).toEqual([]);
  });

  it('has a Deployment, Service and ConfigMap for every service and never a Secret', () => {
    for (const service of SERVICES) {
      for (const kind of ['Deployment', 'Service', 'ConfigMap']) named(manifests(), kind, name(service));
    }
    expect(byKind(manifests(), 'Secret')).toEqual([]);
  });

  it('keeps every secret out of ConfigMaps and reads it from the existing Secret', () => {
    for (const configMap of byKind(manifests(), 'ConfigMap')) {
      expect(Object.keys(configMap.data ?? {}).filter((key) => SECRET_KEYS.includes(key))).toEqual([]);
    }
    for (const service of SERVICES) {
      for (const env of secretEnvOf(manifests(), service).filter((e) => e.name !== 'NATS_PASSWORD')) {
        expect(env.valueFrom?.secretKeyRef?.name).toBe('backtalk-secrets');
        expect(SECRET_KEYS).toContain(env.valueFrom?.secretKeyRef?.key);
      }
    }
  });

  it('connects every service to NATS as its own user, with its own password and permissions', () => {
    const authorization = named(manifests(), 'ConfigMap', 'backtalk-nats-authorization').data?.[
      'authorization.conf'
    ];
    expect(authorization).toBe(readFileSync(join(chartDir, 'files/nats-authorization.conf'), 'utf8'));
    for (const service of SERVICES) {
      const key = `NATS_PASSWORD_${service.toUpperCase().replace(/-/g, '_')}`;
      expect(configOf(manifests(), service).NATS_USER).toBe(service);
      expect(secretEnvOf(manifests(), service).find((e) => e.name === 'NATS_PASSWORD')).toEqual({
        name: 'NATS_PASSWORD',
        valueFrom: { secretKeyRef: { name: 'backtalk-nats', key } },
      });
      expect(authorization).toContain(`user: "${service}"\n      password: $${key}\n`);
    }
  });

  it('probes, limits and runs every container as non-root on a read-only filesystem', () => {
    for (const deployment of byKind(manifests(), 'Deployment')) {
      const pod = deployment.spec.template.spec;
      const c = container(deployment);
      // The gateway answers probes on its internal port only.
      const probePort = deployment.metadata.name === name('gateway') ? 'internal' : 'http';
      expect(c.livenessProbe.httpGet).toEqual({ path: '/health/live', port: probePort });
      expect(c.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: probePort });
      expect(c.startupProbe.httpGet.path).toBe('/health/live');
      for (const bound of ['requests', 'limits']) {
        expect(Object.keys(c.resources[bound]).sort()).toEqual(['cpu', 'memory']);
      }
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.securityContext.runAsUser).not.toBe(0);
      expect(c.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
      });
      expect(pod.automountServiceAccountToken).toBe(false);
    }
  });
});

describeWithTools('the Kubernetes schema checks', () => {
  it('catch a field the API server would reject as unknown or duplicated', () => {
    const service = renderText({})
      .split('\n---\n')
      .find((doc) => doc.includes('kind: Service\n'))!;
    const misindented = service.replace('    - name: http\n', '    - name: http\n      portt: 80\n');
    expect(strictDecodeErrors(misindented).join('\n')).toMatch(/unknown field "spec.ports\[0\].portt"/);
    const duplicated = service.replace('spec:\n', 'spec:\n  type: NodePort\n');
    expect(strictDecodeErrors(duplicated).join('\n')).toMatch(/already set/);
    expect(strictDecodeErrors('apiVersion: v1\nkind: Servise\nmetadata:\n  name: x\n')).toHaveLength(1);
  });

  it('catch a wrong type or a missing required field', () => {
    const deployment = structuredClone(named(defaults, 'Deployment', name('gateway')));
    deployment.spec.replicas = 'two';
    container(deployment).ports[0].containerPort = '3000';
    delete deployment.spec.selector;
    const [error] = kubernetesSchemaErrors(deployment);
    expect(error).toMatch(/replicas must be integer/);
    expect(error).toMatch(/containerPort must be integer/);
    expect(error).toMatch(/selector/);
  });
});

describeWithTools('shutdown', () => {
  it('ends each service drain before Kubernetes kills the pod', () => {
    for (const manifests of [defaults, production, dev]) {
      for (const service of SERVICES) {
        const pod = named(manifests, 'Deployment', name(service)).spec.template.spec;
        const preStop = Number(pod.containers[0].lifecycle?.preStop?.exec.command[1] ?? 0);
        const drainMs = Number(configOf(manifests, service).SHUTDOWN_GRACE_MS);
        expect(drainMs).toBeGreaterThan(0);
        expect(drainMs + preStop * 1000).toBeLessThan(pod.terminationGracePeriodSeconds * 1000);
      }
    }
  });
});

describeWithTools('environment of each service', () => {
  it('puts the cluster basics in every service', () => {
    for (const service of SERVICES) {
      const config = configOf(defaults, service);
      expect(config).toMatchObject({
        BACKTALK_MODE: 'cluster',
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        NATS_URL: 'nats://nats.nats.svc.cluster.local:4222',
        REQUEST_TIMEOUT_MS: '10000',
      });
      const secrets = secretEnvOf(defaults, service);
      const databaseUrl = secrets.find((e) => e.name === 'DATABASE_URL');
      expect(databaseUrl?.valueFrom?.secretKeyRef?.optional).toBeUndefined();
    }
  });

  it('gives the gateway PORT and the others HTTP_PORT, matching the probed container port', () => {
    expect(configOf(defaults, 'gateway').PORT).toBe('3000');
    for (const service of DB_SERVICES) expect(configOf(defaults, service).HTTP_PORT).toBe('3000');
    for (const deployment of byKind(defaults, 'Deployment')) {
      if (deployment.metadata.name === name('gateway')) continue;
      expect(container(deployment).ports).toEqual([{ name: 'http', containerPort: 3000, protocol: 'TCP' }]);
    }
  });

  it('probes and scrapes the gateway on its internal port, which no Service exposes', () => {
    expect(configOf(defaults, 'gateway').HTTP_PORT).toBe('9090');
    const deployment = named(defaults, 'Deployment', name('gateway'));
    const gateway = container(deployment);
    expect(gateway.ports).toEqual([
      { name: 'http', containerPort: 3000, protocol: 'TCP' },
      { name: 'internal', containerPort: 9090, protocol: 'TCP' },
    ]);
    for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
      expect(gateway[probe].httpGet.port).toBe('internal');
    expect(deployment.spec.template.metadata.annotations['prometheus.io/port']).toBe('9090');
    expect(named(defaults, 'Service', name('gateway')).spec.ports).toEqual([
      { name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' },
    ]);
    const scraped = render({
      set: ['networkPolicy.metricsFrom[0].namespaceSelector.matchLabels.team=monitoring'],
    });
    const ingress = named(scraped, 'NetworkPolicy', name('gateway')).spec.ingress;
    expect(ingress.map((rule: { ports: { port: string }[] }) => rule.ports[0].port)).toEqual([
      'http',
      'internal',
    ]);
  });

  it('trusts X-Forwarded-For only from the configured proxies and takes Redis from the Secret', () => {
    expect(configOf(defaults, 'gateway').TRUSTED_PROXIES).toBe('10.0.0.0/8,172.16.0.0/12,192.168.0.0/16');
    const narrowed = render({ set: ['config.gateway.trustedProxies=10.42.0.0/16'] });
    expect(configOf(narrowed, 'gateway').TRUSTED_PROXIES).toBe('10.42.0.0/16');
    expect(configOf(defaults, 'gateway')).toMatchObject({
      THROTTLE_PER_MINUTE: '600',
      GUEST_CREATIONS_PER_MINUTE: '20',
    });
    const redis = secretEnvOf(defaults, 'gateway').find((e) => e.name === 'REDIS_URL');
    expect(redis?.valueFrom?.secretKeyRef?.optional).toBe(true);
    for (const service of DB_SERVICES) expect(configOf(defaults, service).TRUSTED_PROXIES).toBeUndefined();
  });

  it('gives each service only variables it reads (a misspelt name would be ignored silently)', () => {
    const readers = variablesReadBy();
    for (const manifests of [defaults, production, dev])
      for (const service of SERVICES) {
        const given = [
          ...Object.keys(configOf(manifests, service)),
          ...secretEnvOf(manifests, service).map((variable) => variable.name),
        ];
        const unread = given.filter(
          (variable) => !readers.get(service)!.has(variable) && !READ_OUTSIDE_THE_SCHEMAS.has(variable),
        );
        expect([service, unread]).toEqual([service, []]);
      }
  });

  it.each<[string, ServiceName[]]>([
    ['LLM_PROVIDER', ['chat-inference', 'ingestion']],
    ['EMBEDDINGS_PROVIDER', ['chat-inference', 'ingestion']],
    ['QDRANT_URL', ['chat-inference', 'ingestion']],
    ['FREE_TIER_MESSAGES', ['chat-inference']],
    ['FREE_TIER_WINDOW_SECONDS', ['chat-inference']],
    ['FREE_TIER_MESSAGES_PER_ADDRESS', ['chat-inference']],
    ['CHAT_MAX_CONCURRENT_REPLIES_PER_USER', ['chat-inference']],
    ['CHAT_FACTS_TTL_SECONDS', ['chat-inference']],
    ['MODERATION_PROVIDER', ['chat-inference']],
    ['MODERATION_FAILURE', ['chat-inference']],
    ['OBJECT_STORAGE', ['ingestion']],
    ['S3_BUCKET', ['ingestion']],
    ['PLATFORM_FEE_PERCENT', ['billing']],
    ['PUBLIC_URL', ['gateway', 'identity']],
    ['MFA_REQUIRED', ['identity']],
    ['PASSKEYS_ENABLED', ['identity']],
    ['PASSKEY_CHALLENGE_TTL_SECONDS', ['identity']],
  ])('%s goes only to %j', (key, expected) => {
    const holders = SERVICES.filter((service) => key in configOf(defaults, service));
    expect(holders.sort()).toEqual([...expected].sort());
  });

  it.each<[string, ServiceName[], boolean]>([
    ['JWT_PRIVATE_KEY', ['identity'], true],
    ['JWT_KEY_ENCRYPTION_KEY', ['identity'], true],
    ['JWT_KEY_ENCRYPTION_PREVIOUS_KEYS', ['identity'], true],
    ['SMTP_URL', ['identity'], true],
    ['TWILIO_AUTH_TOKEN', ['identity'], true],
    ['TWILIO_ACCOUNT_SID', ['identity'], true],
    ['AWS_SECRET_ACCESS_KEY', ['chat-inference', 'identity', 'ingestion'], true],
    ['REDIS_URL', ['gateway', 'identity'], true],
    ['OAUTH_GOOGLE_CLIENT_SECRET', ['identity'], true],
    ['OAUTH_APPLE_PRIVATE_KEY', ['identity'], true],
    ['STRIPE_SECRET_KEY', ['billing'], true],
    ['STRIPE_WEBHOOK_SECRET', ['gateway'], true],
    ['OPENAI_API_KEY', ['chat-inference', 'ingestion'], true],
    ['ANTHROPIC_API_KEY', ['chat-inference', 'ingestion'], true],
    ['QDRANT_API_KEY', ['chat-inference', 'ingestion'], true],
    ['MODERATION_API_KEY', ['chat-inference'], true],
    ['S3_SECRET_ACCESS_KEY', ['ingestion'], true],
    ['TIKTOK_CLIENT_SECRET', ['ingestion'], true],
  ])('secret %s goes only to %j (optional: %s)', (key, expected, optional) => {
    const holders = SERVICES.filter((service) => secretEnvOf(defaults, service).some((e) => e.name === key));
    expect(holders.sort()).toEqual([...expected].sort());
    for (const service of expected) {
      const env = secretEnvOf(defaults, service).find((e) => e.name === key);
      expect(env?.valueFrom?.secretKeyRef?.optional ?? false).toBe(optional);
    }
  });

  it('configures MFA and passkeys for identity, leaving the passkey origin to PUBLIC_URL by default', () => {
    expect(configOf(defaults, 'identity')).toMatchObject({
      MFA_REQUIRED: 'false',
      PASSKEYS_ENABLED: 'true',
      PASSKEY_CHALLENGE_TTL_SECONDS: '120',
    });
    expect(configOf(defaults, 'identity').PASSKEY_ORIGIN).toBeUndefined();
    expect(configOf(defaults, 'identity').PASSKEY_RP_ID).toBeUndefined();
    const configured = render({
      set: [
        'config.auth.mfaRequired=true',
        'config.auth.passkeys.origin=https://app.backtalk.example',
        'config.auth.passkeys.rpId=backtalk.example',
        'config.auth.passkeys.challengeTtlSeconds=300',
      ],
    });
    expect(configOf(configured, 'identity')).toMatchObject({
      MFA_REQUIRED: 'true',
      PASSKEY_ORIGIN: 'https://app.backtalk.example',
      PASSKEY_RP_ID: 'backtalk.example',
      PASSKEY_CHALLENGE_TTL_SECONDS: '300',
    });
  });

  it("sets chat-inference's moderator explicitly — OpenAI's /moderations by default, which uses OPENAI_API_KEY — and passes another as chosen", () => {
    // Issue 22 item 1: chat-inference refuses to start in a cluster without MODERATION_PROVIDER.
    for (const manifests of [defaults, production, dev])
      expect(configOf(manifests, 'chat-inference')).toMatchObject({
        MODERATION_PROVIDER: 'openai',
        MODERATION_FAILURE: 'block',
      });
    expect(configOf(defaults, 'chat-inference').MODERATION_BASE_URL).toBeUndefined();
    expect(configOf(defaults, 'chat-inference').MODERATION_MODEL).toBeUndefined();
    expect(secretEnvOf(defaults, 'chat-inference').map((e) => e.name)).toEqual(
      expect.arrayContaining(['OPENAI_API_KEY', 'MODERATION_API_KEY']),
    );
    const guard = render({
      set: [
        'config.moderation.provider=llama-guard',
        'config.moderation.baseUrl=http://ollama.ollama.svc.cluster.local:11434/v1',
        'config.moderation.model=llama-guard3:8b',
        'config.moderation.failure=floor-only',
      ],
    });
    expect(configOf(guard, 'chat-inference')).toMatchObject({
      MODERATION_PROVIDER: 'llama-guard',
      MODERATION_BASE_URL: 'http://ollama.ollama.svc.cluster.local:11434/v1',
      MODERATION_MODEL: 'llama-guard3:8b',
      MODERATION_FAILURE: 'floor-only',
    });
    expect(configOf(render({ set: ['config.moderation.provider=none'] }), 'chat-inference')).toMatchObject({
      MODERATION_PROVIDER: 'none',
    });
  });

  it('restarts pods when their configuration changes', () => {
    const before = named(defaults, 'Deployment', name('billing')).spec.template.metadata.annotations[
      'checksum/config'
    ];
    const after = named(
      render({ set: ['config.billing.platformFeePercent=12'] }),
      'Deployment',
      name('billing'),
    ).spec.template.metadata.annotations['checksum/config'];
    expect(after).not.toBe(before);
  });
});

describeWithTools('scaling and availability', () => {
  it('autoscales exactly the gateway and chat-inference, leaving replicas to the HPA', () => {
    const targets = byKind(defaults, 'HorizontalPodAutoscaler').map((hpa) => hpa.spec.scaleTargetRef.name);
    expect(targets.sort()).toEqual([name('chat-inference'), name('gateway')]);
    for (const service of SERVICES) {
      const replicas = named(defaults, 'Deployment', name(service)).spec.replicas;
      if (targets.includes(name(service))) expect(replicas).toBeUndefined();
      else expect(replicas).toBe(1);
    }
  });

  it('scales chat-inference on memory too in the production example', () => {
    const metrics = named(production, 'HorizontalPodAutoscaler', name('chat-inference')).spec.metrics;
    expect(metrics.map((m: { resource: { name: string } }) => m.resource.name)).toEqual(['cpu', 'memory']);
  });

  it('has a disruption budget per service, and false in values really turns one off', () => {
    expect(byKind(defaults, 'PodDisruptionBudget')).toHaveLength(SERVICES.length);
    expect(named(production, 'PodDisruptionBudget', name('gateway')).spec).toMatchObject({ minAvailable: 2 });
    const withoutGatewayPdb = render({ set: ['services.gateway.podDisruptionBudget.enabled=false'] });
    expect(byKind(withoutGatewayPdb, 'PodDisruptionBudget').map((p) => p.metadata.name)).not.toContain(
      name('gateway'),
    );
    expect(byKind(withoutGatewayPdb, 'PodDisruptionBudget')).toHaveLength(SERVICES.length - 1);
  });

  it('drops every object of a disabled service', () => {
    const manifests = render({ set: ['services.billing.enabled=false'] });
    expect(manifests.filter((m) => m.metadata.name.startsWith(name('billing')))).toEqual([]);
  });
});

describeWithTools('exposure and network policies', () => {
  const egressPorts = (manifests: Manifest[], service: string): number[] =>
    named(manifests, 'NetworkPolicy', name(service))
      .spec.egress.flatMap((rule: { ports: { port: number }[] }) => rule.ports.map((p) => p.port))
      .sort((a: number, b: number) => a - b);

  it('routes the Ingress to the gateway only', () => {
    const ingresses = byKind(defaults, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = ingresses[0].spec.rules.flatMap((rule: { http: { paths: { backend: unknown }[] } }) =>
      rule.http.paths.map((p) => p.backend),
    );
    expect(backends).toEqual([{ service: { name: name('gateway'), port: { number: 80 } } }]);
    expect(byKind(dev, 'Ingress')).toEqual([]);
  });

  it('lets only the gateway accept traffic', () => {
    for (const service of SERVICES) {
      const policy = named(defaults, 'NetworkPolicy', name(service));
      expect(policy.spec.policyTypes).toEqual(['Ingress', 'Egress']);
      if (service === 'gateway')
        expect(policy.spec.ingress).toEqual([{ ports: [{ port: 'http', protocol: 'TCP' }] }]);
      else expect(policy.spec.ingress).toEqual([]);
    }
  });

  it.each<[ServiceName, number[]]>([
    ['gateway', [53, 53, 4222, 5432, 6379]],
    ['identity', [53, 53, 443, 4222, 5432, 6379]],
    ['creators', [53, 53, 4222, 5432]],
    ['feature-flags', [53, 53, 4222, 5432]],
    ['billing', [53, 53, 443, 4222, 5432]],
    ['chat-inference', [53, 53, 443, 4222, 5432, 6333, 6334]],
    ['ingestion', [53, 53, 443, 4222, 5432, 6333, 6334, 9000]],
  ])('%s may reach only ports %j', (service, ports) => {
    expect(egressPorts(defaults, service)).toEqual(ports);
  });

  it('pins destinations to the dependency namespaces in the production example', () => {
    const egress = named(production, 'NetworkPolicy', name('ingestion')).spec.egress;
    for (const rule of egress) expect(rule.to?.length ?? 0).toBeGreaterThan(0);
    const https = egress.find((rule: { ports: { port: number }[] }) => rule.ports[0].port === 443);
    expect(https.to[0].ipBlock.except).toContain('10.0.0.0/8');
    expect(named(production, 'NetworkPolicy', name('billing')).spec.ingress).toHaveLength(1);
  });
});

describeWithTools('migrations', () => {
  const jobs = () => byKind(defaults, 'Job');

  it('runs one pre-install/pre-upgrade hook Job per service that owns a schema', () => {
    expect(
      jobs()
        .map((job) => job.metadata.labels?.['backtalk.dev/service'])
        .sort(),
    ).toEqual([...DB_SERVICES].sort());
    for (const job of jobs()) {
      expect(job.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
      const pod = job.spec.template.spec;
      expect(pod.restartPolicy).toBe('Never');
      expect(pod.containers[0].args).toEqual(['migrate']);
    }
  });

  it('does not depend on objects that a pre-install hook runs before', () => {
    for (const job of jobs()) {
      const pod = job.spec.template.spec;
      expect(pod.serviceAccountName).toBeUndefined();
      expect(pod.containers[0].envFrom).toBeUndefined();
      const env = pod.containers[0].env as EnvVar[];
      expect(env.find((e) => e.name === 'BACKTALK_MODE')?.value).toBe('cluster');
      expect(env.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.name).toBe(
        'backtalk-secrets',
      );
    }
  });

  it('uses the same image as the service it migrates', () => {
    for (const job of jobs()) {
      const service = job.metadata.labels?.['backtalk.dev/service'] as ServiceName;
      expect(job.spec.template.spec.containers[0].image).toBe(
        container(named(defaults, 'Deployment', name(service))).image,
      );
    }
  });

  it('can be switched off', () => {
    expect(byKind(render({ set: ['migrations.enabled=false'] }), 'Job')).toEqual([]);
  });
});

describeWithTools('images', () => {
  it('defaults to backtalk-<service>:<appVersion> and takes a registry from values', () => {
    expect(container(named(defaults, 'Deployment', name('chat-inference'))).image).toBe(
      'backtalk-chat-inference:0.1.0',
    );
    expect(container(named(production, 'Deployment', name('gateway'))).image).toBe(
      'registry.example.com/backtalk/backtalk-gateway:0.1.0',
    );
  });

  it('accepts the repository and tag@digest skaffold sets per service', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const manifests = render({
      set: [
        'services.gateway.image.repository=localhost:5000/backtalk-gateway',
        `services.gateway.image.tag=abc123@${digest}`,
      ],
    });
    expect(container(named(manifests, 'Deployment', name('gateway'))).image).toBe(
      `localhost:5000/backtalk-gateway:abc123@${digest}`,
    );
    expect(container(named(manifests, 'Deployment', name('identity'))).image).toBe('backtalk-identity:0.1.0');
  });
});
