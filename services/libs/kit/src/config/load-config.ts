import { z } from 'zod';
import { isSecret } from './config.schema';

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      `Invalid configuration: ${problems.map((problem) => `${problem.variable} ${problem.message}`).join('; ')}`,
    );
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment against a service's schema. The only place that
 * reads `process.env`; a bad or missing variable names itself in the error.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    // An empty variable means "not set", so defaults apply (as in most tooling).
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const result = schema.safeParse(relevant);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? '(config)'),
        message: issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message,
      })),
    );
  }
  return result.data;
}

/** The configuration with secret values replaced, safe to log. */
export function redactConfig<S extends z.ZodObject>(schema: S, config: z.output<S>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config as Record<string, unknown>)) {
    const field = schema.shape[key] as z.ZodType | undefined;
    out[key] = field && isSecret(field) && value !== undefined ? '[secret]' : value;
  }
  return out;
}
