import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserModule } from '../user/user.module';
import { IdentityConfig } from '../identity.config';
import { MailSendController } from './mail-send.controller';
import { Mailer } from './mailer';
import { OutboxMailer } from './outbox.mailer';
import { OutboxMessageEntity } from './outbox-message.entity';
import { OutboxController } from './outbox.controller';
import { OutboxRepository } from './outbox.repository';
import { SentMailRepository } from './sent-mail.repository';
import { SmtpMailer } from './smtp.mailer';

/** SMTP when SMTP_URL is set, else the development outbox. */
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessageEntity]), UserModule],
  controllers: [OutboxController, MailSendController],
  providers: [
    OutboxRepository,
    SentMailRepository,
    {
      provide: Mailer,
      inject: [IdentityConfig, OutboxRepository],
      useFactory: (config: IdentityConfig, outbox: OutboxRepository): Mailer =>
        config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new OutboxMailer(outbox),
    },
  ],
  exports: [Mailer, OutboxRepository],
})
export class MailModule {}
