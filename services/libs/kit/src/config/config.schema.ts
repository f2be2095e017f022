import { z } from 'zod';

/** Marks a variable as secret: it is never logged and is redacted in config dumps. */
export function secret<T extends z.ZodType>(schema: T): T {
  return schema.meta({ secret: true }) as T;
}

export function isSecret(schema: z.ZodType): boolean {
  const meta = schema.meta() as { secret?: boolean } | undefined;
  if (meta?.secret) return true;
  const inner = (schema as unknown as { unwrap?: () => z.ZodType }).unwrap?.();
  return inner ? isSecret(inner) : false;
}

const port = z.coerce.number().int().min(0).max(65535);
const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Variables every service reads. Services extend this with their own. Every field ends in
 * `.describe()`: the README's configuration table is generated from those texts
 * (`npm run docs:config`), and a field without one fails that table's test.
 */
export const baseConfigSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('`development`, `production` or `test`'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino level: `fatal` … `trace`, or `silent`'),
  BACKTALK_MODE: z
    .enum(['standalone', 'cluster'])
    .default('cluster')
    .meta({ defaultText: '`cluster` (`standalone` when launched by `npm start`)' })
    .describe('transport: NATS (`cluster`), or in-process (`standalone`)'),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls|ws|wss):\/\/[^\s]+$/, 'must be a nats:// URL')
    .default('nats://127.0.0.1:4222')
    .describe('NATS server (cluster mode)'),
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^([\w-]+\.)*$/, 'must be empty or dot-terminated tokens, e.g. "staging."')
    .default('')
    .describe(
      'serve and call subjects under a prefix such as `staging.`, so environments can share one NATS (cluster mode)',
    ),
  NATS_USER: z
    .string()
    .regex(/^[\w-]+$/, 'must be a NATS user name (letters, digits, - and _)')
    .optional()
    .meta({ defaultText: 'unset (no credentials)' })
    .describe(
      "this service's NATS user, named after the service (cluster mode); required by the chart and compose, whose NATS server gives each user its own permissions (docs/security.md, 7.13). Unset connects without credentials, which only a server without authorization accepts",
    ),
  NATS_PASSWORD: secret(
    z
      .string()
      .min(16, 'must be at least 16 characters')
      .optional()
      .describe("that user's password (at least 16 characters); set with `NATS_USER`"),
  ),
  DATABASE_URL: secret(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/[^\s]+$/, 'must be a postgres:// URL')
      .default('postgres://postgres@127.0.0.1:5432/backtalk')
      .describe('PostgreSQL; each service with data uses its own schema in it'),
  ),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(5)
    .describe('database connections per service process'),
  REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(120_000)
    .default(5000)
    .describe("how long a service waits for another's reply"),
  HTTP_PORT: port
    .default(0)
    .meta({ defaultText: '`0` (any free port)' })
    .describe(
      'internal port for `/health/live`, `/health/ready` and `/metrics`; the gateway answers them there only, never on `PORT` (it logs the port it got)',
    ),
  SHUTDOWN_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(120_000)
    .default(10_000)
    .describe('time given to in-flight work at shutdown'),
  METRICS_ENABLED: booleanFlag.default(true).describe('expose Prometheus metrics'),
  FLAG_ENVIRONMENT: z
    .enum(['development', 'production'])
    .optional()
    .meta({ defaultText: '`development` unless `NODE_ENV=production`' })
    .describe(
      "this deployment's environment (spec §9): which feature flags it reads, and whether flags can be changed (development only)",
    ),
  DURABLE_ACK_WAIT_MS: z.coerce
    .number()
    .int()
    .min(500)
    .max(3_600_000)
    .default(30_000)
    .describe(
      'durable work (JetStream, or the standalone queue table): how long a delivery may run unacknowledged before it is delivered again, e.g. after its process died',
    ),
  DURABLE_MAX_DELIVERIES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(10)
    .describe(
      'durable work: deliveries of one message before it is dead-lettered (logged as an error and dropped from the queue)',
    ),
  DURABLE_RETRY_BASE_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(600_000)
    .default(1000)
    .describe(
      'durable work: the wait before the first redelivery of a message whose handler failed; it doubles with every further failure, up to 5 minutes',
    ),
  DURABLE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(4)
    .describe(
      "durable work in standalone mode (the queue table): messages one service handles at once, so one slow delivery (a creator's initialisation) does not hold up the others; keep it below `DATABASE_POOL_SIZE`, since each delivery may hold a connection (JetStream consumers in cluster mode take one message at a time)",
    ),
  CLOCK_OFFSET_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(36_500)
    .default(0)
    .describe(
      "tests only: days added to the time the retention jobs read (the kit's Clock), so a test can restart a cluster's processes past a retention term; refused when `NODE_ENV=production`",
    ),
});

/**
 * Rules across base variables that a field's own schema cannot state (a refinement on the object
 * would stop services from extending it): the problems, as loadConfig reports them.
 */
export function baseConfigProblems(
  values: Readonly<Record<string, unknown>>,
): { variable: string; message: string }[] {
  return values.NODE_ENV === 'production' && Boolean(values.CLOCK_OFFSET_DAYS)
    ? [
        {
          variable: 'CLOCK_OFFSET_DAYS',
          message:
            "moves the retention jobs' clock for tests and must not be set when NODE_ENV=production (unset it, or set it to 0)",
        },
      ]
    : [];
}

/** The deployment's environment: FLAG_ENVIRONMENT, else production exactly when NODE_ENV is. */
export function flagEnvironmentOf(config: {
  FLAG_ENVIRONMENT?: 'development' | 'production' | undefined;
  NODE_ENV: string;
}): 'development' | 'production' {
  return config.FLAG_ENVIRONMENT ?? (config.NODE_ENV === 'production' ? 'production' : 'development');
}

/** The data folder of standalone mode (and of one-machine cluster mode). */
export const dataDirSchema = z
  .string()
  .min(1)
  .default('.backtalk')
  .describe("where standalone mode keeps PostgreSQL's data, models, files and generated keys");
export { port as portSchema, booleanFlag as booleanFlagSchema };
