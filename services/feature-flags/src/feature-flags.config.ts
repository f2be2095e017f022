import { ServiceConfig, baseConfigSchema } from '@backtalk/kit';

export const featureFlagsConfigSchema = baseConfigSchema;
/** Injected by type: `constructor(private readonly config: FeatureFlagsConfig)`. */
export class FeatureFlagsConfig extends ServiceConfig(featureFlagsConfigSchema) {}
