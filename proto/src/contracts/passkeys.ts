import { z } from 'zod';
import { actorSchema, authClientSchema, idSchema, isoDateSchema, textSchema } from './common';
import { loopbackOriginSchema } from './auth';

/*
 * Passkeys (WebAuthn, spec §8 passkey errors; docs/architecture.md, "Passkeys"). The JSON shapes
 * are those of @simplewebauthn/browser and @simplewebauthn/server (WebAuthn Level 3's JSON
 * serialisation); identity generates the options and verifies the answers. Challenges are
 * single-use and live PASSKEY_CHALLENGE_TTL_SECONDS.
 */

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** How an authenticator can be reached; unknown future values are kept out of storage, not refused. */
const transportSchema = z.string().regex(/^[a-z-]{1,32}$/);

/** Extension outputs the browser reports (credProps, prf, …): passed to the verifier as they are. */
const clientExtensionResultsSchema = z.record(z.string().max(64), z.unknown());

/** What navigator.credentials.create() answered, as @simplewebauthn/browser's startRegistration returns it. */
export const registrationResponseSchema = z.object({
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    authenticatorData: base64url(65536).optional(),
    transports: z.array(transportSchema).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});

/** What navigator.credentials.get() answered, as startAuthentication returns it. */
export const authenticationResponseSchema = z.object({
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65536),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});
const userVerificationSchema = z.enum(['discouraged', 'preferred', 'required']);

/** PublicKeyCredentialCreationOptionsJSON: what startRegistration({ optionsJSON }) takes. */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerificationSchema.optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

/** PublicKeyCredentialRequestOptionsJSON: what startAuthentication({ optionsJSON }) takes. */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: userVerificationSchema.optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});

/** One of the user's passkeys, as their list shows it (never the key itself). */
export const passkeySummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  createdAt: isoDateSchema,
  lastUsedAt: isoDateSchema.nullable(),
  /** Synced across the user's devices (a multi-device credential). */
  backedUp: z.boolean(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

/** Filled by the gateway: the request's localhost origin when there is one (see loopbackOriginSchema). */
const relyingPartyContext = { loopbackOrigin: loopbackOriginSchema.optional() };

export const passkeyRegisterOptionsRequestSchema = z.object({ actor: actorSchema, ...relyingPartyContext });
export const passkeyRegisterOptionsReplySchema = z.object({ options: passkeyCreationOptionsSchema });

export const passkeyRegisterVerifyRequestSchema = z.object({
  actor: actorSchema,
  ...relyingPartyContext,
  response: registrationResponseSchema,
  /** What the user calls it in their list; default from the authenticator's kind. */
  name: textSchema.trim().min(1).max(64).optional(),
});
export const passkeyRegisterVerifyReplySchema = z.object({ passkey: passkeySummarySchema });

export const passkeyAuthenticateOptionsRequestSchema = z.object({
  client: authClientSchema,
  ...relyingPartyContext,
});
export const passkeyAuthenticateOptionsReplySchema = z.object({ options: passkeyRequestOptionsSchema });

/** Answers an AuthFlowReply (`done` or `verifyUser`, with the session) like a password sign-in. */
export const passkeyAuthenticateVerifyRequestSchema = z.object({
  client: authClientSchema,
  guestUserId: idSchema.optional(),
  ...relyingPartyContext,
  response: authenticationResponseSchema,
});

export const passkeyListRequestSchema = z.object({ actor: actorSchema });
export const passkeyListReplySchema = z.object({ passkeys: z.array(passkeySummarySchema) });

/** Deletes one of the actor's own passkeys (another user's id is simply not found). */
export const passkeyDeleteRequestSchema = z.object({ actor: actorSchema, passkeyId: idSchema });
export const passkeyDeleteReplySchema = z.object({ deleted: z.literal(true) });
