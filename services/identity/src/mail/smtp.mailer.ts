import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import nodemailer, { type Transporter } from 'nodemailer';
import { type MailMessage, Mailer } from './mailer';

/** Gives up on an unresponsive mail server before the gateway's request does. */
const SMTP_TIMEOUT_MS = 4000;

/** Sends over SMTP with nodemailer; failures become AUTH_DELIVERY_FAILED where they enter. */
export class SmtpMailer extends Mailer implements OnApplicationShutdown {
  readonly delivers = true;
  private readonly logger = new Logger(SmtpMailer.name);
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, ...message });
    } catch (error) {
      // The address is the user's; the server's reason is ours to read.
      this.logger.warn(`SMTP refused or failed: ${(error as Error).message}`);
      throw new ServiceError(ErrorCode.AuthDeliveryFailed);
    }
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
