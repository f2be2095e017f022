import {
  idSchema,
  replySampleListReplySchema,
  replySampleRateBodySchema,
  replySamplingBodySchema,
  replySamplingReplySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// The proto schemas minus what the gateway fills in (the actor from the token, ids from the path).

export class ReplySamplesCreatorParams extends createZodDto(z.object({ creatorId: idSchema }).strict()) {}
export class ReplySampleParams extends createZodDto(
  z.object({ creatorId: idSchema, sampleId: idSchema }).strict(),
) {}
export class ReplySampleListResponse extends createZodDto(replySampleListReplySchema) {}
export class ReplySampleRateBody extends createZodDto(replySampleRateBodySchema) {}
export class ReplySamplingBody extends createZodDto(replySamplingBodySchema) {}
export class ReplySamplingResponse extends createZodDto(replySamplingReplySchema) {}
