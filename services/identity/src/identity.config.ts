import { ServiceConfig, baseConfigSchema, dataDirSchema, secret } from '@backtalk/kit';
import { PASSWORD_MIN_LENGTH_DEFAULT } from '@backtalk/proto';
import { z } from 'zod';
import { mfaConfigShape } from './mfa/mfa.config';
import { passkeyConfigShape } from './passkey/passkey.config';
import { oauthConfigShape } from './oauth/oauth.config';
import { smsConfigShape } from './sms/sms.config';
import { normalizePem, parseEs256PrivateKey } from './signing-key/es256-key';
import { parseKeyEncryptionKey } from './signing-key/signing-key.cipher';

const jwtPrivateKey = z
  .string()
  .transform(normalizePem)
  .superRefine((pem, context) => {
    try {
      parseEs256PrivateKey(pem);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

const keyEncryptionKeys = z.string().superRefine((text, context) => {
  for (const part of text.split(',')) {
    try {
      parseKeyEncryptionKey(part);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  }
});

export const identityConfigSchema = baseConfigSchema.extend({
  JWT_PRIVATE_KEY: secret(
    jwtPrivateKey
      .optional()
      .meta({ defaultText: 'generated and stored on first start' })
      .describe(
        'PEM (PKCS8) EC P-256 private key that signs access and id tokens (ES256); without it, identity generates one on first start and keeps it, encrypted, in its schema',
      ),
  ),
  JWT_KEY_ENCRYPTION_KEY: secret(
    keyEncryptionKeys
      .optional()
      .meta({
        defaultText:
          'standalone: generated in `<BACKTALK_DATA_DIR>/identity` (mode 0600); cluster: required without `JWT_PRIVATE_KEY`',
      })
      .describe(
        '32 random bytes (base64 or hex, `openssl rand -base64 32`) that encrypt the stored signing key (AES-256-GCM) when `JWT_PRIVATE_KEY` is not set, and the TOTP secrets of authenticator apps (without it, TOTP is not offered); see docs/security.md, 7.14',
      ),
  ),
  JWT_KEY_ENCRYPTION_PREVIOUS_KEYS: secret(
    keyEncryptionKeys
      .optional()
      .meta({ defaultText: 'empty' })
      .describe('former `JWT_KEY_ENCRYPTION_KEY` values, comma-separated, still read during a rotation'),
  ),
  BACKTALK_DATA_DIR: dataDirSchema,
  JWT_ISSUER: z
    .string()
    .min(1)
    .default('backtalk-identity')
    .describe('`iss` of every token; the gateway reads it from `identity.jwks.get`'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(900)
    .describe('lifetime of access and id tokens'),
  GUEST_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .describe(
      'unconverted guests inactive this long (last activity, else creation) are deleted, with their sessions; `identity.guest.purged` announces them',
    ),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(31_536_000)
    .default(2_592_000)
    .describe(
      'lifetime of a refresh token; each rotation (on every use) issues a new one with a full lifetime',
    ),
  SESSION_MAX_LIFETIME_SECONDS: z.coerce
    .number()
    .int()
    .min(3600)
    .max(31_536_000)
    .default(7_776_000)
    .describe(
      "absolute lifetime of an account's session (ASVS 7.3.2): however often it is refreshed, after this long (90 days) the user signs in again. Guests, who have nothing to sign in with, are exempt",
    ),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(10)
    .describe(
      'a refresh token rotated this recently may be presented once more without counting as theft: two tabs refreshing with the same cookie at once both get access tokens, and the browser keeps the one successor; 0 turns the grace off',
    ),
  PASSWORD_MIN_LENGTH: z.coerce
    .number()
    .int()
    .min(6)
    .max(64)
    .default(PASSWORD_MIN_LENGTH_DEFAULT)
    .describe(
      "spec §5 password minimum ('Password must have at least {n} characters'); the sign-in screen reads it from `GET /api/auth/providers`. Below 8 falls short of ASVS 6.2.1",
    ),
  SMTP_URL: secret(
    z
      .string()
      .regex(
        /^smtps?:\/\/[^\s]+$/,
        'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
      )
      .optional()
      .meta({ defaultText: 'unset: emails go to the development outbox' })
      .describe(
        'mail server for sign-up, reset and verification codes (nodemailer; `smtp://` upgrades with STARTTLS when offered, `smtps://` is TLS from the start). Unset (standalone default): emails are kept in the development outbox, `GET /api/dev/outbox`',
      ),
  ),
  MAIL_FROM: z
    .string()
    .min(3)
    .max(256)
    .default('Backtalk <no-reply@backtalk.invalid>')
    .describe('the From of every email identity sends'),
  VERIFICATION_CODE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(600)
    .describe(
      'how long an emailed or texted code (sign-up, password reset, email or phone verification, MFA) can be used; ASVS 6.5.5 allows at most 10 minutes for out-of-band codes',
    ),
  UNCONFIRMED_ACCOUNT_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(720)
    .default(24)
    .describe(
      'sign-ups never confirmed are deleted after this long, so nobody can hold on to an email address they do not own',
    ),
  SIGN_IN_LOCKOUT_FAILURES: z.coerce
    .number()
    .int()
    .min(3)
    .max(100)
    .default(10)
    .describe(
      'consecutive failed sign-ins that lock an account (from any address); from the third failure on, each attempt must wait twice as long as the one before (1 s, 2 s, 4 s …)',
    ),
  SIGN_IN_LOCKOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(900)
    .describe('how long a locked account stays locked'),
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(10)
    .max(100_000)
    .default(100)
    .describe(
      'failed sign-ins and wrong codes one client address may make per hour, all accounts together, before it is locked out for the rest of the hour',
    ),
  SIGN_UPS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(300)
    .describe(
      "sign-ups one client address may make per hour, each emailing its code (a sign-up with an email that has an account counts too); sized for a school's, an office's or a carrier's shared address",
    ),
  CODE_EMAILS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(50)
    .describe(
      "emails and texts with codes other than a sign-up's own that one client address (or signed-in user) may have sent per hour: resent sign-up codes, forgot password, sign-in and MFA codes, phone verification",
    ),
  CODE_EMAILS_PER_RECIPIENT: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(5)
    .describe('emails with codes one address, and texts with codes one phone number, may receive per hour'),
  REDIS_URL: secret(
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
      .optional()
      .describe(
        "`redis://` or `rediss://` server holding the shared counters — the gateway's throttles and identity's brute-force limits (failed sign-ins, code emails) — so every replica sees the same counts; unset, the gateway counts in its own memory and identity in its PostgreSQL schema",
      ),
  ),
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .default('backtalk:identity')
    .describe("key prefix of identity's counters in Redis, so environments can share one Redis"),
  ...mfaConfigShape,
  ...passkeyConfigShape,
  ...oauthConfigShape,
  ...smsConfigShape,
});
/** Injected by type: `constructor(private readonly config: IdentityConfig)`. */
export class IdentityConfig extends ServiceConfig(identityConfigSchema) {}
