import { oauthEndSessionReplySchema, returnPathSchema, textSchema } from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** The provider in the path; one that is unknown or not configured answers 404. */
export class OAuthProviderParams extends createZodDto(
  z.object({ provider: textSchema.min(1).max(32) }).strict(),
) {}

/** `?returnTo=/path` — where to go after signing in; a path on this site only. */
export class OAuthStartQuery extends createZodDto(
  z.object({ returnTo: returnPathSchema.optional() }).strict(),
) {}

/**
 * The authorization response as the provider sent it (query, or Apple's
 * form_post body): single string values only; providers add parameters of
 * their own, which the gateway drops before asking identity.
 */
const parameter = textSchema.max(4096).optional();
export class OAuthCallbackInput extends createZodDto(
  z
    .object({
      code: parameter,
      state: parameter,
      error: parameter,
      error_description: parameter,
      error_uri: parameter,
      iss: parameter,
      user: parameter,
    })
    .catchall(textSchema.max(4096))
    .refine((params) => Object.keys(params).length <= 40, 'at most 40 parameters'),
) {}

/** `endSessionUrl`: the provider's logout page to visit next (RP-initiated logout), when the session came from a provider that has one. */
export class SignOutResponse extends createZodDto(oauthEndSessionReplySchema) {}
