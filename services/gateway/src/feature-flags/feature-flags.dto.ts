import { featureFlagSchema, flagCreateInputSchema, flagListReplySchema } from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class FeatureFlagResponse extends createZodDto(featureFlagSchema) {}
export class FeatureFlagListResponse extends createZodDto(flagListReplySchema) {}
export class FeatureFlagCreateBody extends createZodDto(flagCreateInputSchema) {}
export class FeatureFlagUpdateBody extends createZodDto(z.object({ enabled: z.boolean() }).strict()) {}
export class FeatureFlagIdParams extends createZodDto(z.object({ id: z.uuid() })) {}
