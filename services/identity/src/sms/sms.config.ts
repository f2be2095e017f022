import { ConfigError, secret } from '@backtalk/kit';
import { z } from 'zod';

/**
 * Where identity's text messages go (docs/architecture.md, "SMS"): Twilio, Amazon SNS, or the
 * development outbox. Each provider's variables are checked at start-up by configuredSms.
 */
export const smsConfigShape = {
  SMS_PROVIDER: z
    .enum(['twilio', 'sns', 'outbox'])
    .optional()
    .meta({ defaultText: 'unset: texts go to the development outbox' })
    .describe(
      'who sends the SMS codes that verify phone numbers and sign in with SMS MFA: `twilio` (needs `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`, `TWILIO_FROM`), `sns` (Amazon SNS Publish; needs `SNS_REGION` and AWS credentials from the usual chain: `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, a profile or an instance role) or `outbox` (kept in the development outbox, `GET /api/dev/outbox`)',
    ),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio Account SID: AC followed by 32 hex digits')
    .optional()
    .describe('Twilio Account SID (`AC…`), with `SMS_PROVIDER=twilio`'),
  TWILIO_AUTH_TOKEN: secret(
    z
      .string()
      .min(16)
      .max(256)
      .optional()
      .describe('Twilio auth token (or API key secret), with `SMS_PROVIDER=twilio`'),
  ),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9][0-9]{6,14}|MG[0-9a-fA-F]{32}|[A-Za-z0-9 ]{1,11})$/,
      'must be an E.164 number (+14155550100), a Messaging Service SID (MG…) or an alphanumeric sender id (at most 11 characters)',
    )
    .optional()
    .describe(
      'what Twilio sends from: an E.164 number of the account, a Messaging Service SID (`MG…`) or an alphanumeric sender id',
    ),
  SNS_REGION: z
    .string()
    .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region, e.g. us-east-1')
    .optional()
    .describe('AWS region of Amazon SNS, with `SMS_PROVIDER=sns`'),
  SNS_ENDPOINT: z
    .string()
    .url()
    .optional()
    .meta({ defaultText: "unset: the region's SNS endpoint" })
    .describe('another SNS endpoint (a VPC endpoint, or an emulator in development)'),
  SNS_SENDER_ID: z
    .string()
    .regex(/^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/, 'must be 1–11 letters and digits, at least one letter')
    .optional()
    .describe('alphanumeric sender id SNS texts show, where the destination country allows one'),
};

type SmsConfigValues = z.output<z.ZodObject<typeof smsConfigShape>>;

/** The SMS provider and its settings, once every variable it needs is set. */
export type SmsSettings =
  | { provider: 'outbox' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string }
  | { provider: 'sns'; region: string; endpoint?: string; senderId?: string };

/**
 * Which provider sends texts. A provider chosen without its variables, or a provider's variables
 * set without choosing it, stops the start with the variables named.
 */
export function configuredSms(config: SmsConfigValues): SmsSettings {
  const problems: { variable: string; message: string }[] = [];
  const provider = config.SMS_PROVIDER ?? 'outbox';
  const require = (variables: Record<string, string | undefined>): void => {
    for (const [variable, value] of Object.entries(variables))
      if (value === undefined)
        problems.push({ variable, message: `is required with SMS_PROVIDER=${provider}` });
  };
  const twilio = {
    TWILIO_ACCOUNT_SID: config.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: config.TWILIO_AUTH_TOKEN,
    TWILIO_FROM: config.TWILIO_FROM,
  };
  const sns = {
    SNS_REGION: config.SNS_REGION,
    SNS_ENDPOINT: config.SNS_ENDPOINT,
    SNS_SENDER_ID: config.SNS_SENDER_ID,
  };
  const unused = (variables: Record<string, string | undefined>, owner: string): void => {
    for (const [variable, value] of Object.entries(variables))
      if (value !== undefined)
        problems.push({
          variable,
          message: `is set but SMS_PROVIDER is not ${owner}: set SMS_PROVIDER=${owner} or unset it`,
        });
  };
  if (provider !== 'twilio') unused(twilio, 'twilio');
  if (provider !== 'sns') unused(sns, 'sns');
  if (provider === 'twilio') require(twilio);
  if (provider === 'sns') require({ SNS_REGION: config.SNS_REGION });
  if (problems.length) throw new ConfigError(problems);
  if (provider === 'twilio')
    return {
      provider,
      accountSid: twilio.TWILIO_ACCOUNT_SID!,
      authToken: twilio.TWILIO_AUTH_TOKEN!,
      from: twilio.TWILIO_FROM!,
    };
  if (provider === 'sns')
    return {
      provider,
      region: config.SNS_REGION!,
      ...(config.SNS_ENDPOINT ? { endpoint: config.SNS_ENDPOINT } : {}),
      ...(config.SNS_SENDER_ID ? { senderId: config.SNS_SENDER_ID } : {}),
    };
  return { provider: 'outbox' };
}
