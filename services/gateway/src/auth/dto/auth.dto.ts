import {
  ageSetBodySchema,
  ageSetReplySchema,
  attributeConfirmReplySchema,
  attributeConfirmRequestSchema,
  attributeVerifyRequestSchema,
  authFlowResponseSchema,
  authProvidersGetReplySchema,
  autoSignInRequestSchema,
  codeDeliveryReplySchema,
  confirmSignUpRequestSchema,
  forgotPasswordRequestSchema,
  guestCreateReplySchema,
  guestCreateRequestSchema,
  idSchema,
  outboxListReplySchema,
  passwordChangeReplySchema,
  passwordChangeRequestSchema,
  resendSignUpCodeReplySchema,
  resendSignUpCodeRequestSchema,
  resetPasswordReplySchema,
  resetPasswordRequestSchema,
  sessionGetReplySchema,
  sessionListReplySchema,
  sessionRevokeAllReplySchema,
  sessionRevokeReplySchema,
  sessionTokensSchema,
  signInRequestSchema,
  signInRespondRequestSchema,
  signUpRequestSchema,
} from '@backtalk/proto';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

// Bodies are the proto request schemas minus what the gateway fills in itself
// (the client address and user agent, the guest from the bearer token, the
// actor), strict, so a body naming one of those is refused rather than trusted.
const gatewayFilled = { client: true, guestUserId: true } as const;

// The address and user agent of a guest come from the request, not the body; a browser
// that names no creator yet (the landing page) gets the default one.
export class GuestCreateBody extends createZodDto(
  z
    .object({ creatorId: guestCreateRequestSchema.shape.creatorId.default('default') })
    .strict()
    // No body at all (Express leaves it undefined) is the same as `{}`.
    .default({ creatorId: 'default' }),
) {}
/** The refresh token is set as the HttpOnly `bt_refresh` cookie only, never in the body. */
export class GuestCreateResponse extends createZodDto(
  guestCreateReplySchema.extend({ tokens: sessionTokensSchema }),
) {}

/**
 * Refresh and sign-out act on the `bt_refresh` cookie (with the X-Backtalk-CSRF
 * header) and take no body; `{}` is accepted, and a body naming a token is
 * refused, so a script that could read a token cannot use it here either.
 */
export class CookieOnlyBody extends createZodDto(
  z
    .object({})
    .strict()
    // No body at all (Express leaves it undefined) is the same as `{}`.
    .default({}),
) {}
export class RefreshResponse extends createZodDto(z.object({ tokens: sessionTokensSchema })) {}

export class SessionResponse extends createZodDto(sessionGetReplySchema) {}

/** An account's birth date or a guest's age band (docs/safety.md, "Age"). */
export class AgeSetBody extends createZodDto(ageSetBodySchema) {}
export class AgeSetResponse extends createZodDto(ageSetReplySchema) {}

export class SignUpBody extends createZodDto(signUpRequestSchema.omit(gatewayFilled).strict()) {}
export class ConfirmSignUpBody extends createZodDto(
  confirmSignUpRequestSchema.omit(gatewayFilled).strict(),
) {}
export class AutoSignInBody extends createZodDto(autoSignInRequestSchema.omit(gatewayFilled).strict()) {}
/** `confirmed: false`: not confirmed yet, ask again; else the flow's answer, as sign-in's. */
export class AutoSignInResponse extends createZodDto(
  authFlowResponseSchema.partial({ nextStep: true }).extend({ confirmed: z.boolean() }),
) {}
export class ResendSignUpCodeBody extends createZodDto(
  resendSignUpCodeRequestSchema.omit({ client: true }).strict(),
) {}
export class ResendSignUpCodeResponse extends createZodDto(resendSignUpCodeReplySchema) {}
export class SignInBody extends createZodDto(signInRequestSchema.omit(gatewayFilled).strict()) {}
export class SignInRespondBody extends createZodDto(
  signInRespondRequestSchema.omit(gatewayFilled).strict(),
) {}
/** Every sign-in and sign-up step's answer; the refresh token is in Set-Cookie, never here. */
export class AuthFlowResponse extends createZodDto(authFlowResponseSchema) {}

export class ForgotPasswordBody extends createZodDto(
  forgotPasswordRequestSchema.omit({ client: true }).strict(),
) {}
export class CodeDeliveryResponse extends createZodDto(codeDeliveryReplySchema) {}
export class ResetPasswordBody extends createZodDto(
  resetPasswordRequestSchema.omit({ client: true }).strict(),
) {}
export class ResetPasswordResponse extends createZodDto(resetPasswordReplySchema) {}

export class PasswordChangeBody extends createZodDto(
  passwordChangeRequestSchema
    .omit({ actor: true, client: true })
    .extend({ signOutOtherSessions: z.boolean().optional() })
    .strict(),
) {}
export class PasswordChangeResponse extends createZodDto(passwordChangeReplySchema) {}

export class AttributeVerifyBody extends createZodDto(
  attributeVerifyRequestSchema.omit({ actor: true }).strict(),
) {}
export class AttributeConfirmBody extends createZodDto(
  attributeConfirmRequestSchema.omit({ actor: true }).strict(),
) {}
export class AttributeConfirmResponse extends createZodDto(attributeConfirmReplySchema) {}

export class SessionListResponse extends createZodDto(sessionListReplySchema) {}
export class SessionIdParams extends createZodDto(z.object({ id: idSchema })) {}
export class SessionRevokeResponse extends createZodDto(sessionRevokeReplySchema) {}
export class SessionRevokeAllResponse extends createZodDto(sessionRevokeAllReplySchema) {}

export class AuthProvidersResponse extends createZodDto(authProvidersGetReplySchema) {}

/** `?limit=` (1–100, default 20) newest outbox messages. */
export class OutboxQuery extends createZodDto(
  z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }).strict(),
) {}
export class OutboxResponse extends createZodDto(outboxListReplySchema) {}
