import type { z } from 'zod';

/** One readable line per issue: `content.0.text: message text must not be blank`. */
export function describeZodIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
