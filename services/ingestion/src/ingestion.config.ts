import { postIndexConfigShape } from '@backtalk/ai';
import { baseConfigSchema } from '@backtalk/kit';
import { z } from 'zod';

/** Ingestion embeds posts and builds the post index with the same settings chat-inference reads it with. */
export const ingestionConfigSchema = baseConfigSchema.extend(postIndexConfigShape);
export type IngestionConfig = z.output<typeof ingestionConfigSchema>;
