import { Logger } from '@nestjs/common';
import { lazyImport, ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import type { RequestClient, Twilio } from 'twilio';
import { type SmsMessage, SmsSender } from './sms-sender';

/** Gives up on an unresponsive provider before the gateway's request does. */
const SMS_TIMEOUT_MS = 4000;

/** The Twilio SDK loads with the first text (a start need not pay for it). */
const loadTwilio = lazyImport(() => import('twilio'));

/**
 * Sends through Twilio's Messages API (the `twilio` SDK). TWILIO_FROM is a number or an
 * alphanumeric sender id (`From`), or a Messaging Service SID (`MessagingServiceSid`).
 * `httpClient` replaces the SDK's HTTP client (the adapter's tests point it at a local server).
 */
export class TwilioSmsSender extends SmsSender {
  readonly delivers = true;
  private readonly logger = new Logger(TwilioSmsSender.name);
  private client?: Twilio;

  constructor(
    private readonly settings: { accountSid: string; authToken: string; from: string },
    private readonly httpClient?: RequestClient,
  ) {
    super();
  }

  async send(message: SmsMessage): Promise<void> {
    const { accountSid, authToken, from } = this.settings;
    try {
      const twilio = (await loadTwilio()).default;
      const client = (this.client ??= twilio(accountSid, authToken, {
        timeout: SMS_TIMEOUT_MS,
        ...(this.httpClient ? { httpClient: this.httpClient } : {}),
      }));
      await client.messages.create({
        to: message.to,
        body: message.text,
        ...(/^MG[0-9a-fA-F]{32}$/.test(from) ? { messagingServiceSid: from } : { from }),
      });
    } catch (error) {
      // The number is the user's; the provider's reason is ours to read.
      this.logger.warn(`Twilio refused or failed: ${(error as Error).message}`);
      throw new ServiceError(ErrorCode.AuthSmsDeliveryFailed);
    }
  }
}
