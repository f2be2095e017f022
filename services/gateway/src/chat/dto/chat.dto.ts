import {
  aiContextSchema,
  conversationSchema,
  idSchema,
  messageListReplySchema,
  rateLimitCheckReplySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class ConversationOpenBody extends createZodDto(z.object({ creatorId: idSchema }).strict()) {}
export class ConversationResponse extends createZodDto(conversationSchema) {}
export class ConversationIdParams extends createZodDto(z.object({ id: idSchema })) {}
export class MessageListResponse extends createZodDto(messageListReplySchema) {}

/** Spec §7 sendMessage({content:[{text}], aiContext}). */
export class SendMessageBody extends createZodDto(
  z
    .object({
      content: z
        .array(z.object({ text: z.string().max(4000) }).strict())
        .min(1)
        .max(8)
        .refine(
          (blocks) => blocks.some((block) => block.text.trim().length > 0),
          'message text must not be blank',
        ),
      aiContext: aiContextSchema.optional(),
    })
    .strict(),
) {}

/** Spec §7 aiChatWrapperFunc({message, creatorId}); the user comes from the token. */
export class RateLimitBody extends createZodDto(
  z.object({ creatorId: idSchema, message: z.string().max(4000).default('') }).strict(),
) {}
export class RateLimitResponse extends createZodDto(rateLimitCheckReplySchema) {}
