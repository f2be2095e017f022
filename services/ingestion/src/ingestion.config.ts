import { postIndexConfigShape } from '@backtalk/ai';
import { ServiceConfig, baseConfigSchema } from '@backtalk/kit';

/** Ingestion embeds posts and builds the post index with the same settings chat-inference reads it with. */
export const ingestionConfigSchema = baseConfigSchema.extend(postIndexConfigShape);
/** Injected by type: `constructor(private readonly config: IngestionConfig)`. */
export class IngestionConfig extends ServiceConfig(ingestionConfigSchema) {}
