import { Module } from '@nestjs/common';
import { IdentityConfig } from '../identity.config';
import { MailModule } from '../mail/mail.module';
import { OutboxRepository } from '../mail/outbox.repository';
import { OutboxSmsSender } from './outbox.sms-sender';
import { configuredSms } from './sms.config';
import { SmsSender } from './sms-sender';
import { SnsSmsSender } from './sns.sms-sender';
import { TwilioSmsSender } from './twilio.sms-sender';

/** Twilio or Amazon SNS as SMS_PROVIDER says, else the development outbox (the emails' outbox). */
@Module({
  imports: [MailModule],
  providers: [
    {
      provide: SmsSender,
      inject: [IdentityConfig, OutboxRepository],
      useFactory: (config: IdentityConfig, outbox: OutboxRepository): SmsSender => {
        const settings = configuredSms(config);
        if (settings.provider === 'twilio') return new TwilioSmsSender(settings);
        if (settings.provider === 'sns') return new SnsSmsSender(settings);
        return new OutboxSmsSender(outbox);
      },
    },
  ],
  exports: [SmsSender],
})
export class SmsModule {}
