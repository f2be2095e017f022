import { ServiceConfig, baseConfigSchema } from '@backtalk/kit';

export const ingestionConfigSchema = baseConfigSchema;
/** Injected by type: `constructor(private readonly config: IngestionConfig)`. */
export class IngestionConfig extends ServiceConfig(ingestionConfigSchema) {}
