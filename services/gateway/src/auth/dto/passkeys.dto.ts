import {
  authFlowResponseSchema,
  idSchema,
  passkeyAuthenticateOptionsReplySchema,
  passkeyAuthenticateVerifyRequestSchema,
  passkeyDeleteReplySchema,
  passkeyListReplySchema,
  passkeyRegisterOptionsReplySchema,
  passkeyRegisterVerifyReplySchema,
  passkeyRegisterVerifyRequestSchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// Bodies are the proto requests minus what the gateway fills in (the actor, the client, the guest
// behind the bearer token, the request's localhost origin), strict.
export class PasskeyOptionsBody extends createZodDto(z.object({}).strict()) {}
export class PasskeyRegisterOptionsResponse extends createZodDto(passkeyRegisterOptionsReplySchema) {}
export class PasskeyRegisterVerifyBody extends createZodDto(
  passkeyRegisterVerifyRequestSchema.omit({ actor: true, loopbackOrigin: true }).strict(),
) {}
export class PasskeyRegisterVerifyResponse extends createZodDto(passkeyRegisterVerifyReplySchema) {}
export class PasskeyAuthenticateOptionsResponse extends createZodDto(passkeyAuthenticateOptionsReplySchema) {}
export class PasskeyAuthenticateVerifyBody extends createZodDto(
  passkeyAuthenticateVerifyRequestSchema
    .omit({ client: true, guestUserId: true, loopbackOrigin: true })
    .strict(),
) {}
/** A passkey sign-in's answer, like every sign-in step's: the refresh token is in Set-Cookie. */
export class PasskeySignInResponse extends createZodDto(authFlowResponseSchema) {}
export class PasskeyListResponse extends createZodDto(passkeyListReplySchema) {}
export class PasskeyIdParams extends createZodDto(z.object({ id: idSchema })) {}
export class PasskeyDeleteResponse extends createZodDto(passkeyDeleteReplySchema) {}
