import { ConfigError, loadConfig } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import { identityConfigSchema } from '../identity.config';
import { maskPhone, toE164 } from './phone-number';
import { configuredSms } from './sms.config';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const twilio = {
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: 'auth-token-of-sixteen',
  TWILIO_FROM: '+15005550006',
};

/** The problems a start with these variables stops on, as `variable: message`; [] when it starts. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    configuredSms(loadConfig(identityConfigSchema, env));
    return [];
  } catch (error) {
    if (error instanceof ConfigError)
      return error.problems.map(({ variable, message }) => `${variable}: ${message}`);
    if (error instanceof Error) return [error.message];
    throw error;
  }
}

describe('SMS_PROVIDER and its variables, checked at start-up', () => {
  it('uses the development outbox when nothing is set', () => {
    expect(configuredSms(loadConfig(identityConfigSchema, {}))).toEqual({ provider: 'outbox' });
  });

  it('builds the Twilio and SNS settings from their variables', () => {
    expect(configuredSms(loadConfig(identityConfigSchema, { SMS_PROVIDER: 'twilio', ...twilio }))).toEqual({
      provider: 'twilio',
      accountSid: SID,
      authToken: 'auth-token-of-sixteen',
      from: '+15005550006',
    });
    expect(
      configuredSms(loadConfig(identityConfigSchema, { SMS_PROVIDER: 'sns', SNS_REGION: 'eu-west-1' })),
    ).toEqual({ provider: 'sns', region: 'eu-west-1' });
  });

  it.each([
    [
      { SMS_PROVIDER: 'twilio' },
      [
        'TWILIO_ACCOUNT_SID: is required with SMS_PROVIDER=twilio',
        'TWILIO_AUTH_TOKEN: is required with SMS_PROVIDER=twilio',
        'TWILIO_FROM: is required with SMS_PROVIDER=twilio',
      ],
    ],
    [{ SMS_PROVIDER: 'sns' }, ['SNS_REGION: is required with SMS_PROVIDER=sns']],
    [
      { TWILIO_FROM: '+15005550006' },
      ['TWILIO_FROM: is set but SMS_PROVIDER is not twilio: set SMS_PROVIDER=twilio or unset it'],
    ],
    [
      { SMS_PROVIDER: 'twilio', ...twilio, SNS_REGION: 'us-east-1' },
      ['SNS_REGION: is set but SMS_PROVIDER is not sns: set SMS_PROVIDER=sns or unset it'],
    ],
  ])('stops a start with %j, naming the variables', (env, problems) => {
    expect(problemsOf(env as Record<string, string>)).toEqual(problems);
  });

  it.each([
    [{ SMS_PROVIDER: 'nexmo' }, 'SMS_PROVIDER'],
    [{ SMS_PROVIDER: 'twilio', ...twilio, TWILIO_ACCOUNT_SID: 'AC123' }, 'TWILIO_ACCOUNT_SID'],
    [{ SMS_PROVIDER: 'twilio', ...twilio, TWILIO_FROM: '555-0100' }, 'TWILIO_FROM'],
    [{ SMS_PROVIDER: 'sns', SNS_REGION: 'Ireland' }, 'SNS_REGION'],
  ])('refuses a malformed value %j', (env, variable) => {
    expect(problemsOf(env as Record<string, string>).join('\n')).toContain(variable);
  });
});

describe('phone numbers', () => {
  it.each([
    ['+14155550100', '+14155550100'],
    ['14155550100', '+14155550100'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['+4915123456789', '+4915123456789'],
  ])('keeps %s as %s (E.164)', (raw, e164) => {
    expect(toE164(raw)).toBe(e164);
  });

  it.each(['+1555', '+3361234567', 'not a number', ''])('refuses %j', (raw) => {
    expect(() => toE164(raw)).toThrow(expect.objectContaining({ code: ErrorCode.AuthInvalidPhoneNumber }));
  });

  it('shows only the last 4 digits (spec §2)', () => {
    expect(maskPhone('+14155550100')).toBe('***0100');
  });
});
