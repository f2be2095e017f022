import { creatorInsightsReplySchema, idSchema, insightsQuerySchema } from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// The proto schemas minus what the gateway fills in (the actor from the token, the creator from the path).

export class InsightsCreatorParams extends createZodDto(z.object({ creatorId: idSchema }).strict()) {}
export class InsightsQuery extends createZodDto(insightsQuerySchema) {}
export class CreatorInsightsResponse extends createZodDto(creatorInsightsReplySchema) {}
