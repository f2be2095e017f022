import { z } from 'zod';
import {
  AuthFormMessage,
  BirthdateMessage,
  GUEST_AGE_ANSWERS,
  PASSWORD_MAX_LENGTH,
  checkBirthdate,
} from '../browser';
import { actorSchema, ageBandSchema, authClientSchema, idSchema, isoDateSchema, textSchema } from './common';
import { sessionTokensSchema, tokensSchema } from './identity';

/*
 * Accounts and sign-in (spec §2 "Authentication screens", §4, §5). Every flow
 * call answers an AuthFlowReply whose `nextStep` says which screen comes next:
 * the next step always comes from the server. Steps that need more answers
 * carry an opaque `challenge` (single-use, 3 minutes, spec §9) that the next
 * call sends back. See docs/architecture.md, "Accounts and sign-in".
 */

/** Spec §3: the email is the username. Trimmed and lower-cased, so one address is one account. */
export const emailSchema = textSchema
  .trim()
  .min(1, AuthFormMessage.Required)
  .max(254)
  .toLowerCase()
  .pipe(z.email({ message: AuthFormMessage.InvalidEmail }));

/**
 * A password as typed: never trimmed (spec §3). The §5 rules (minimum length,
 * character classes) are checked by identity with its configured minimum,
 * which answers AUTH_INVALID_PASSWORD with the spec's message.
 */
export const passwordSchema = textSchema.min(1, AuthFormMessage.Required).max(PASSWORD_MAX_LENGTH);

/** A one-time code as typed (the product sends 6 digits); a wrong one counts as a failed attempt. */
export const verificationCodeSchema = textSchema.trim().min(1, AuthFormMessage.Required).max(16);

/** The opaque token of a flow in progress (spec §9 "Challenge session 3 min"). */
export const challengeSchema = textSchema.min(16).max(512);

/** Spec §5: the MFA type is TOTP, SMS or EMAIL. */
export const mfaTypeSchema = z.enum(['TOTP', 'SMS', 'EMAIL']);
export type MfaType = z.infer<typeof mfaTypeSchema>;

/**
 * Spec §3 form fields sent as attributes: only standard attributes or those
 * prefixed `custom:` (the email and password travel in their own fields).
 */
export const STANDARD_ATTRIBUTES = [
  'address',
  'birthdate',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'picture',
  'preferred_username',
  'profile',
  'website',
  'zoneinfo',
] as const;
const isAttributeName = (name: string): boolean =>
  (STANDARD_ATTRIBUTES as readonly string[]).includes(name) || /^custom:[\w-]{1,20}$/.test(name);
export const attributesSchema = z
  .record(z.string(), textSchema.trim().max(2048))
  .superRefine((attributes, context) => {
    for (const name of Object.keys(attributes).filter((key) => !isAttributeName(key))) {
      context.addIssue({
        code: 'custom',
        path: [name],
        message: 'must be a standard attribute (given_name, phone_number, …) or start with custom:',
      });
    }
  })
  .refine((attributes) => Object.keys(attributes).length <= 25, 'at most 25 attributes')
  .refine(
    (attributes) => attributes.phone_number === undefined || /^\+?[0-9]{4,15}$/.test(attributes.phone_number),
    { message: 'phone_number must be the country code and number, digits only (e.g. +14155550100)' },
  );

/** Where a code went; the destination is masked by the server (spec §2). */
export const codeDeliverySchema = z.object({
  medium: z.enum(['EMAIL', 'SMS']),
  /** Email: first and last character of the local part (a***e@example.com); phone: last 4 digits. */
  destination: z.string(),
});
export type CodeDelivery = z.infer<typeof codeDeliverySchema>;

/** The verifiable contact attributes (spec §4 "Verify attributes"). */
export const verifiableAttributeSchema = z.enum(['email', 'phone_number']);

/**
 * Set up an authenticator app: show `otpauthUri` as a 228×228 QR code and `secret` (base32) to
 * copy; the first code from the app confirms it. Also what POST /api/auth/mfa/totp answers.
 */
export const setupTotpStepSchema = z.object({
  step: z.literal('setupTotp'),
  secret: z.string(),
  otpauthUri: z.string(),
});

/** Spec §2 "Authentication screens": the screen the web shows next, with what it needs. */
export const authStepSchema = z.discriminatedUnion('step', [
  /** Signed in; `session` holds the tokens. */
  z.object({ step: z.literal('done') }),
  /** The account is ready but this browser holds no sign-in for it (confirmed without a challenge): sign in. */
  z.object({ step: z.literal('signIn') }),
  /** A code was sent to confirm the account (sign-up, or sign-in to an unconfirmed account). */
  z.object({ step: z.literal('confirmSignUp'), codeDelivery: codeDeliverySchema }),
  /** Enter the second-factor code (TOTP from the app; EMAIL or SMS sent to `codeDelivery`). */
  z.object({
    step: z.literal('confirmSignIn'),
    method: mfaTypeSchema,
    codeDelivery: codeDeliverySchema.optional(),
  }),
  setupTotpStepSchema,
  /** Enter the email address second-factor codes go to. */
  z.object({ step: z.literal('setupEmail') }),
  /** Choose a second factor; the first of `allowed` is preselected. */
  z.object({ step: z.literal('selectMfaType'), allowed: z.array(mfaTypeSchema).min(1) }),
  /** The password must be changed before signing in (spec: 'Change Password'). */
  z.object({ step: z.literal('forceNewPassword') }),
  /** The password must be reset by email code: the web shows forgotPassword. */
  z.object({ step: z.literal('resetPassword') }),
  /** Signed in (`session` present) with unverified contact details: offer verification (skippable). */
  z.object({
    step: z.literal('verifyUser'),
    unverified: z.array(z.object({ attribute: verifiableAttributeSchema, destination: z.string() })).min(1),
  }),
]);
export type AuthStep = z.infer<typeof authStepSchema>;
export type AuthStepName = AuthStep['step'];

/**
 * Every flow call's answer over NATS. `session` (with the refresh token, which
 * the gateway moves into the cookie) is present once the user is signed in:
 * with nextStep `done` or `verifyUser`.
 */
export const authFlowReplySchema = z.object({
  nextStep: authStepSchema,
  challenge: challengeSchema.optional(),
  session: tokensSchema.optional(),
});
export type AuthFlowReply = z.infer<typeof authFlowReplySchema>;
/** The same answer over HTTP: the refresh token is in the Set-Cookie header, never in the body. */
export const authFlowResponseSchema = authFlowReplySchema.extend({ session: sessionTokensSchema.optional() });

/**
 * Filled by the gateway on every flow request: the client, and the guest whose
 * valid access token came with the request — its chats move to the account
 * when the flow signs in (spec §3 GuestUser.convertedToUser).
 */
const flowContext = {
  client: authClientSchema,
  guestUserId: idSchema.optional(),
};

/**
 * A birth date as the OpenID `birthdate` claim writes it (YYYY-MM-DD): a real day, not in the
 * future, not more than 120 years ago. Under 13 passes here: identity refuses it (AGE_UNDER_13).
 */
export const birthdateSchema = textSchema.trim().superRefine((text, context) => {
  const checked = checkBirthdate(text, new Date());
  if ('problem' in checked) context.addIssue({ code: 'custom', message: BirthdateMessage[checked.problem] });
});

/** Spec §3 `birthdate` (docs/safety.md, "Age"): the sign-up form asks for it, identity checks it. */
export const signUpRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  attributes: attributesSchema
    .superRefine(({ birthdate }, context) => {
      if (birthdate === undefined) return;
      const checked = birthdateSchema.safeParse(birthdate);
      for (const issue of checked.error?.issues ?? [])
        context.addIssue({ code: 'custom', path: ['birthdate'], message: issue.message });
    })
    .optional(),
  ...flowContext,
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

/** With the `challenge` the sign-up answered (same browser), confirming also signs in (auto sign-in). */
export const confirmSignUpRequestSchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  challenge: challengeSchema.optional(),
  ...flowContext,
});

/**
 * Spec §4 auto sign-in: the browser that signed up asks, every 5 s for up to 180000 ms, whether
 * the account has been confirmed (in another tab or on another device); once it has, the
 * sign-up's `challenge` signs it in, once. `confirmed: false` means: ask again.
 */
export const autoSignInRequestSchema = z.object({
  email: emailSchema,
  challenge: challengeSchema,
  ...flowContext,
});
export const autoSignInReplySchema = authFlowReplySchema
  .partial({ nextStep: true })
  .extend({ confirmed: z.boolean() });
export type AutoSignInReply = z.infer<typeof autoSignInReplySchema>;

export const resendSignUpCodeRequestSchema = z.object({ email: emailSchema, client: authClientSchema });
/**
 * Spec §4: where the new code went. The same answer for an unconfirmed account, a confirmed one
 * (whose owner is emailed that it is already confirmed: 'User is already confirmed.' counts as
 * success) and an unknown email, so it does not tell which (docs/security.md, issue 21 item 14).
 */
export const resendSignUpCodeReplySchema = z.object({ codeDelivery: codeDeliverySchema });

/**
 * A code email asked for by forgot password or a sign-up code resend, on identity's durable
 * queue: the request answers once it is stored, and identity looks the email up and sends what is
 * due after answering, so neither the answer nor its time tells whether the email has an account.
 */
export const codeEmailRequestedSchema = z.object({
  email: emailSchema,
  purpose: z.enum(['sign-up', 'password-reset']),
});

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  ...flowContext,
});

/** The answer to the step the last reply asked for. */
export const challengeAnswerSchema = z.discriminatedUnion('kind', [
  /** confirmSignIn (TOTP, EMAIL or SMS code) and setupTotp (the first code from the app). */
  z.object({ kind: z.literal('code'), code: verificationCodeSchema }).strict(),
  /** selectMfaType. */
  z.object({ kind: z.literal('mfaType'), mfaType: mfaTypeSchema }).strict(),
  /** forceNewPassword. */
  z.object({ kind: z.literal('newPassword'), password: passwordSchema }).strict(),
  /** setupEmail: where email codes go. */
  z.object({ kind: z.literal('email'), email: emailSchema }).strict(),
]);
export type ChallengeAnswer = z.infer<typeof challengeAnswerSchema>;

export const signInRespondRequestSchema = z.object({
  challenge: challengeSchema,
  answer: challengeAnswerSchema,
  ...flowContext,
});

/** Where the code went; the same answer whether or not an account has the email. */
export const codeDeliveryReplySchema = z.object({ codeDelivery: codeDeliverySchema });

export const forgotPasswordRequestSchema = z.object({ email: emailSchema, client: authClientSchema });

export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
  password: passwordSchema,
  client: authClientSchema,
});
export const resetPasswordReplySchema = z.object({ reset: z.literal(true) });

/**
 * A signed-in user changes their password with the current one (ASVS 6.2.2,
 * 6.2.3); `signOutOtherSessions` ends every other session of theirs (7.4.3).
 */
export const passwordChangeRequestSchema = z.object({
  actor: actorSchema,
  client: authClientSchema,
  currentPassword: passwordSchema,
  newPassword: passwordSchema,
  signOutOtherSessions: z.boolean().default(false),
});
export const passwordChangeReplySchema = z.object({
  changed: z.literal(true),
  /** How many other sessions were signed out. */
  otherSessionsEnded: z.number().int().min(0),
});

/**
 * The user's age, asked once before their first message (docs/safety.md, "Age"): an account gives
 * its birth date, a guest chooses a band (or under 13, which ends the guest and keeps nothing).
 */
export const ageSetBodySchema = z
  .object({ birthdate: birthdateSchema.optional(), ageBand: z.enum(GUEST_AGE_ANSWERS).optional() })
  .strict()
  .refine((body) => (body.birthdate === undefined) !== (body.ageBand === undefined), {
    message: 'give either birthdate (an account) or ageBand (a guest)',
  });
export const ageSetRequestSchema = z.object({ actor: actorSchema, answer: ageSetBodySchema });
/** The band now, and tokens that carry it (the refresh token stays the one the browser holds). */
export const ageSetReplySchema = z.object({ ageBand: ageBandSchema, session: sessionTokensSchema });

/** Sends a code to the signed-in user's own attribute. */
export const attributeVerifyRequestSchema = z.object({
  actor: actorSchema,
  attribute: verifiableAttributeSchema,
});
export const attributeConfirmRequestSchema = z.object({
  actor: actorSchema,
  attribute: verifiableAttributeSchema,
  code: verificationCodeSchema,
});
export const attributeConfirmReplySchema = z.object({ verified: z.literal(true) });

/** One sign-in session (a refresh-token family) of the user. */
export const userSessionSchema = z.object({
  id: idSchema,
  createdAt: isoDateSchema,
  lastUsedAt: isoDateSchema,
  userAgent: z.string().nullable(),
  /** The session the request's access token belongs to. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const sessionListRequestSchema = z.object({ actor: actorSchema });
export const sessionListReplySchema = z.object({ sessions: z.array(userSessionSchema) });

/**
 * Whether a session is still live (gateway, before trusting an access token
 * that names one): a signed-out session's access tokens stop working at once
 * instead of living out their 15 minutes (ASVS 7.4.1).
 */
export const sessionCheckRequestSchema = z.object({ userId: idSchema, sessionId: idSchema });
export const sessionCheckReplySchema = z.object({ live: z.boolean() });

/** Signs out one of the actor's own sessions (another user's id is simply not found). */
export const sessionRevokeRequestSchema = z.object({ actor: actorSchema, sessionId: idSchema });
export const sessionRevokeReplySchema = z.object({ revoked: z.boolean() });

/** 'Sign out everywhere': every session of the actor, the current one included. */
export const sessionRevokeAllRequestSchema = z.object({ actor: actorSchema });
export const sessionRevokeAllReplySchema = z.object({ revoked: z.number().int().min(0) });

/**
 * The origin of a request the gateway received on a `localhost` address (standalone, local
 * development), filled by the gateway, never by a browser: identity's passkeys use it as the
 * relying party when neither PASSKEY_ORIGIN nor PUBLIC_URL is configured.
 */
export const loopbackOriginSchema = z
  .string()
  .max(64)
  .regex(/^https?:\/\/localhost(:\d{1,5})?$/, 'must be http(s)://localhost[:port]');

export const authProvidersGetRequestSchema = z
  .object({ loopbackOrigin: loopbackOriginSchema.optional() })
  .strict();

/** Which sign-in options the screen shows (each provider's button only when it is configured). */
export const authProvidersGetReplySchema = z.object({
  oauth: z.array(z.enum(['google', 'apple', 'amazon', 'facebook'])),
  /** Passkeys can be used at the address the request came to (PASSKEYS_ENABLED and a known origin). */
  passkeys: z.boolean(),
  /**
   * SMS codes can be sent (SMS_PROVIDER, or the development outbox): phone numbers can be verified
   * and, once verified, used for SMS MFA (docs/architecture.md, "MFA").
   */
  sms: z.boolean(),
  /** Spec §5: the configurable password minimum (PASSWORD_MIN_LENGTH). */
  passwordMinLength: z.number().int().min(6).max(PASSWORD_MAX_LENGTH),
});

/**
 * One message of the development outbox: an email (no SMTP_URL) or a text message (no
 * SMS_PROVIDER, `to` is the E.164 number), as it would have been sent.
 */
export const outboxMessageSchema = z.object({
  id: idSchema,
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: isoDateSchema,
});
export const outboxListRequestSchema = z
  .object({ limit: z.number().int().min(1).max(100).default(20) })
  .strict();
/** Newest first. */
export const outboxListReplySchema = z.object({ messages: z.array(outboxMessageSchema) });

/**
 * identity → chat-inference when a guest signs up or signs in: the guest's
 * conversations and free-tier usage become the account's. Idempotent.
 */
export const guestDataTransferRequestSchema = z.object({ guestUserId: idSchema, userId: idSchema });
export const guestDataTransferReplySchema = z.object({
  conversations: z.number().int().min(0),
  messages: z.number().int().min(0),
});
