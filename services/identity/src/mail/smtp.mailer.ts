import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { lazyImport, ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import type { Transporter } from 'nodemailer';
import { type MailMessage, Mailer } from './mailer';

/** Gives up on an unresponsive mail server before the gateway's request does. */
const SMTP_TIMEOUT_MS = 4000;

/** nodemailer loads with the first mail (~75 ms of CPU that a start need not pay). */
const loadNodemailer = lazyImport(() => import('nodemailer'));

/** Sends over SMTP with nodemailer; failures become AUTH_DELIVERY_FAILED where they enter. */
export class SmtpMailer extends Mailer implements OnApplicationShutdown {
  readonly delivers = true;
  private readonly logger = new Logger(SmtpMailer.name);
  private transport?: Transporter;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    try {
      const transport = (this.transport ??= (await loadNodemailer()).default.createTransport({
        url: this.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }));
      await transport.sendMail({ from: this.from, ...message });
    } catch (error) {
      // The address is the user's; the server's reason is ours to read.
      this.logger.warn(`SMTP refused or failed: ${(error as Error).message}`);
      throw new ServiceError(ErrorCode.AuthDeliveryFailed);
    }
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
