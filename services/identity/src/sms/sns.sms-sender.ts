import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { lazyImport, ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import type { SNSClient, SNSClientConfig } from '@aws-sdk/client-sns';
import { type SmsMessage, SmsSender } from './sms-sender';

/** Gives up on an unresponsive provider before the gateway's request does. */
const SMS_TIMEOUT_MS = 4000;

const loadSns = lazyImport(() => import('@aws-sdk/client-sns'));

/**
 * Sends through Amazon SNS (`Publish` with `PhoneNumber`), as a Transactional message (the
 * delivery SNS gives to one-time codes). Credentials come from the AWS SDK's usual chain;
 * `credentials` replaces it (the adapter's tests, against a local server).
 */
export class SnsSmsSender extends SmsSender implements OnApplicationShutdown {
  readonly delivers = true;
  private readonly logger = new Logger(SnsSmsSender.name);
  private client?: SNSClient;

  constructor(
    private readonly settings: { region: string; endpoint?: string; senderId?: string },
    private readonly credentials?: SNSClientConfig['credentials'],
  ) {
    super();
  }

  async send(message: SmsMessage): Promise<void> {
    try {
      const sns = await loadSns();
      const client = (this.client ??= new sns.SNSClient({
        region: this.settings.region,
        ...(this.settings.endpoint ? { endpoint: this.settings.endpoint } : {}),
        ...(this.credentials ? { credentials: this.credentials } : {}),
        maxAttempts: 1,
        requestHandler: { requestTimeout: SMS_TIMEOUT_MS, connectionTimeout: SMS_TIMEOUT_MS },
      }));
      await client.send(
        new sns.PublishCommand({
          PhoneNumber: message.to,
          Message: message.text,
          MessageAttributes: {
            'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
            ...(this.settings.senderId
              ? { 'AWS.SNS.SMS.SenderID': { DataType: 'String', StringValue: this.settings.senderId } }
              : {}),
          },
        }),
      );
    } catch (error) {
      this.logger.warn(`Amazon SNS refused or failed: ${(error as Error).message}`);
      throw new ServiceError(ErrorCode.AuthSmsDeliveryFailed);
    }
  }

  onApplicationShutdown(): void {
    this.client?.destroy();
  }
}
