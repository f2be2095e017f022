import { z } from 'zod';
import { actorSchema, authClientSchema } from './common';
import { emailSchema, mfaTypeSchema, setupTotpStepSchema, verificationCodeSchema } from './auth';

/*
 * A signed-in account's second factors (spec §2 "Multi-Factor Authentication Setup", §5 MFA
 * type, §9 "MFA configuration NONE" read as: optional per user unless MFA_REQUIRED). Turning a
 * factor on proves it with a first code; turning one off needs a fresh code of that factor.
 * Sign-in with a factor on asks for it through the sign-in flow's confirmSignIn step.
 * See docs/architecture.md, "MFA".
 */

/** A second factor the account can turn on or off here (SMS needs a verified phone number). */
export const mfaMethodSchema = z.enum(['TOTP', 'SMS', 'EMAIL']);
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

/** The actor's own MFA settings. */
export const mfaSettingsSchema = z.object({
  /** The factors that are on, in the spec's order (TOTP, SMS, EMAIL); empty when sign-in asks for the password only. */
  enabled: z.array(mfaTypeSchema),
  /**
   * The factors this account can set up (TOTP needs the key-encryption key; SMS needs a verified
   * phone number, spec §4 "Verify attributes").
   */
  available: z.array(mfaTypeSchema),
  /** Where email codes go, masked (a***e@example.com); null while email MFA is off. */
  emailDestination: z.string().nullable(),
  /** The verified phone number SMS codes go to, masked to its last 4 digits; null without one. */
  smsDestination: z.string().nullable(),
  /** MFA_REQUIRED: the last factor cannot be turned off, and sign-in asks to set one up. */
  required: z.boolean(),
});
export type MfaSettings = z.infer<typeof mfaSettingsSchema>;

/**
 * Filled by the gateway on the routes that check a code: the client, whose address counts
 * wrong codes like wrong passwords (the account's lockout counts them too).
 */
const codeContext = { actor: actorSchema, client: authClientSchema };

export const mfaGetRequestSchema = z.object({ actor: actorSchema });

/** Starts (or restarts) authenticator-app setup: a new secret, shown until a first code confirms it. */
export const mfaTotpStartRequestSchema = z.object({ actor: actorSchema });
export const mfaTotpStartReplySchema = z.object({ nextStep: setupTotpStepSchema });

/** The first code from the app: TOTP is on from now. */
export const mfaTotpConfirmRequestSchema = z.object({ ...codeContext, code: verificationCodeSchema });

/** Emails a code to `email` (default: the account's email) to prove the address MFA codes will go to. */
export const mfaEmailStartRequestSchema = z.object({ ...codeContext, email: emailSchema.optional() });

/** The emailed code: email MFA is on, with codes going to the address it was sent to. */
export const mfaEmailConfirmRequestSchema = z.object({ ...codeContext, code: verificationCodeSchema });

/** Emails a fresh code to the MFA address, to turn email MFA off with. */
export const mfaEmailCodeRequestSchema = z.object({ ...codeContext });

/** Texts a code to the account's verified phone number: SMS MFA is on once it comes back. */
export const mfaSmsStartRequestSchema = z.object({ ...codeContext });

/** The texted code: SMS MFA is on, with codes going to the verified phone number. */
export const mfaSmsConfirmRequestSchema = z.object({ ...codeContext, code: verificationCodeSchema });

/** Texts a fresh code to the verified phone number, to turn SMS MFA off with. */
export const mfaSmsCodeRequestSchema = z.object({ ...codeContext });

/**
 * Turns a factor off with a fresh code of that factor (TOTP from the app, EMAIL from
 * mfa/email/code, SMS from mfa/sms/code).
 */
export const mfaDisableRequestSchema = z.object({
  ...codeContext,
  method: mfaMethodSchema,
  code: verificationCodeSchema,
});
