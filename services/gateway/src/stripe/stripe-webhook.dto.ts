import { stripeWebhookReplySchema } from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';

export class StripeWebhookResponse extends createZodDto(stripeWebhookReplySchema) {}
