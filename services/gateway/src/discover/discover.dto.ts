import { discoverQuerySchema, discoverReplySchema } from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';

export class DiscoverQuery extends createZodDto(discoverQuerySchema) {}
export class DiscoverResponse extends createZodDto(discoverReplySchema) {}
