import {
  digestSettingBodySchema,
  digestSettingSchema,
  digestUnsubscribeBodySchema,
  priceChangeListReplySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';

export class PriceChangeListResponse extends createZodDto(priceChangeListReplySchema) {}
export class DigestSettingResponse extends createZodDto(digestSettingSchema) {}
export class DigestSettingBody extends createZodDto(digestSettingBodySchema) {}
export class DigestUnsubscribeBody extends createZodDto(digestUnsubscribeBodySchema) {}
