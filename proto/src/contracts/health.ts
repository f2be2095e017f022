import { z } from 'zod';
import { emptySchema } from './common';

export const healthCheckRequestSchema = emptySchema;
export const healthCheckReplySchema = z.object({
  service: z.string(),
  status: z.enum(['up', 'down']),
  uptimeSeconds: z.number().nonnegative(),
  checks: z.record(z.string(), z.enum(['up', 'down'])),
});
export type HealthCheckReply = z.infer<typeof healthCheckReplySchema>;
