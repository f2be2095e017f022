import { booleanFlagSchema } from '@backtalk/kit';
import { z } from 'zod';

/** An origin as a browser reports it: scheme, host and port, no path. */
const originSchema = z
  .string()
  .url()
  .transform((value) => new URL(value).origin)
  .refine((origin) => origin.startsWith('https://') || /^http:\/\/localhost(:\d+)?$/.test(origin), {
    message: 'must be an https origin (http only on localhost), e.g. https://backtalk.example.com',
  });

/** Passkeys (WebAuthn; docs/architecture.md, "Passkeys"). */
export const passkeyConfigShape = {
  PASSKEYS_ENABLED: booleanFlagSchema
    .default(true)
    .describe(
      'passkey registration and sign-in (WebAuthn). On by default; the sign-in screen shows the passkey button only where the relying party is known: `PASSKEY_ORIGIN`, else `PUBLIC_URL`, else a page opened on `http://localhost:<port>` (standalone)',
    ),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .describe('the public address users open; identity takes the passkey origin from it'),
  PASSKEY_ORIGIN: originSchema
    .optional()
    .meta({
      defaultText:
        "`PUBLIC_URL`'s origin; without it, the `http://localhost:<port>` the browser used (standalone)",
    })
    .describe(
      'the origin (scheme, host, port) of the pages that use passkeys; a browser answer made on any other origin is refused',
    ),
  PASSKEY_RP_ID: z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, {
      message: 'must be a lower-case domain name, e.g. example.com',
    })
    .optional()
    .meta({ defaultText: 'the host of the passkey origin' })
    .describe(
      "WebAuthn relying party id: the passkey origin's host or a parent domain of it (example.com for app.example.com). Every passkey is bound to it: changing it makes registered passkeys unusable",
    ),
  PASSKEY_CHALLENGE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .max(600)
    .default(120)
    .describe(
      'how long passkey options can be answered (the browser prompt times out after half of it); each challenge works once',
    ),
};
