import { environmentReplySchema } from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';

export class EnvironmentResponse extends createZodDto(environmentReplySchema) {}
