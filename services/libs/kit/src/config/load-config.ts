import { z } from 'zod';
import type { ConfigVariable } from '@backtalk/proto';
import { baseConfigProblems, isSecret } from './config.schema';

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
  const problems = baseConfigProblems(result.data);
  if (problems.length > 0) throw new ConfigError(problems);
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

/**
 * Every variable of the schema with the value this process uses, for the developer env-vars
 * page (spec §2): a secret never carries its value, only whether one is set.
 */
export function shownConfigVariables<S extends z.ZodObject>(
  schema: S,
  config: z.output<S>,
): ConfigVariable[] {
  return Object.keys(schema.shape)
    .sort()
    .map((name): ConfigVariable => {
      const value = (config as Record<string, unknown>)[name];
      if (isSecret(schema.shape[name] as z.ZodType)) {
        const isSet = Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
        return { name, secret: true, isSet };
      }
      return { name, secret: false, value: shownValue(value) };
    });
}

function shownValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return withoutUrlPassword(String(value as string | number | boolean));
}

/** A URL's password (`nats://user:pass@host`) is a secret even where the variable is not marked one. */
function withoutUrlPassword(text: string): string {
  if (!/^[a-z][a-z\d+.-]*:\/\/[^/\s]*@/i.test(text)) return text;
  try {
    const url = new URL(text);
    if (!url.password) return text;
    url.password = '****';
    return url.toString();
  } catch {
    return text.replace(/\/\/([^/:@\s]*):[^@/\s]*@/, '//$1:****@');
  }
}
