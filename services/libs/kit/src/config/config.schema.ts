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

/** Variables every service reads. Services extend this with their own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BACKTALK_MODE: z.enum(['standalone', 'cluster']).default('cluster'),
  NATS_URL: z
    .string()
    .regex(/^(nats|tls|ws|wss):\/\/[^\s]+$/, 'must be a nats:// URL')
    .default('nats://127.0.0.1:4222'),
  /** Serve and call subjects under this prefix, so environments can share one NATS. */
  NATS_SUBJECT_PREFIX: z
    .string()
    .regex(/^([\w-]+\.)*$/, 'must be empty or dot-terminated tokens, e.g. "staging."')
    .default(''),
  /**
   * This service's own NATS user (cluster mode). Unset = connect without credentials,
   * which only a server without authorization accepts; the chart and compose set both.
   */
  NATS_USER: z
    .string()
    .regex(/^[\w-]+$/, 'must be a NATS user name (letters, digits, - and _)')
    .optional(),
  NATS_PASSWORD: secret(z.string().min(16, 'must be at least 16 characters').optional()),
  DATABASE_URL: secret(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/[^\s]+$/, 'must be a postgres:// URL')
      .default('postgres://postgres@127.0.0.1:5432/backtalk'),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(5000),
  HTTP_PORT: port.default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  METRICS_ENABLED: booleanFlag.default(true),
});
export { port as portSchema, booleanFlag as booleanFlagSchema };
