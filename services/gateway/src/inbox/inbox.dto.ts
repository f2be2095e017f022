import {
  idSchema,
  inboxConsentBodySchema,
  inboxListReplySchema,
  inboxThreadReplySchema,
  inPersonReplyBodySchema,
  inPersonReplyReplySchema,
  inPersonStateSchema,
  handBackReplySchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// The proto schemas minus what the gateway fills in (the actor from the token, ids from the path).

export class InPersonStateResponse extends createZodDto(inPersonStateSchema) {}
export class InboxConsentBody extends createZodDto(inboxConsentBodySchema) {}
export class InboxListResponse extends createZodDto(inboxListReplySchema) {}
export class InboxThreadParams extends createZodDto(
  z.object({ creatorId: idSchema, conversationId: idSchema }).strict(),
) {}
export class InboxThreadResponse extends createZodDto(inboxThreadReplySchema) {}
export class InPersonReplyBody extends createZodDto(inPersonReplyBodySchema) {}
export class InPersonReplyResponse extends createZodDto(inPersonReplyReplySchema) {}
export class HandBackResponse extends createZodDto(handBackReplySchema) {}
