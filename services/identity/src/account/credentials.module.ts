import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BruteForceGuard } from '../brute-force/brute-force.guard';
import { RateLimitRepository } from '../brute-force/rate-limit.repository';
import { VerificationCodeEntity } from '../code/verification-code.entity';
import { VerificationCodeRepository } from '../code/verification-code.repository';
import { VerificationCodeService } from '../code/verification-code.service';
import { MailModule } from '../mail/mail.module';
import { SmsModule } from '../sms/sms.module';
import { CodeSender } from './code-sender';
import { PasswordHasher } from './password-hasher';
import { PasswordPolicy } from './password-policy';

/** What sign-up, sign-in and recovery share: hashing, the password rules, codes, mail and the limits. */
@Module({
  imports: [TypeOrmModule.forFeature([VerificationCodeEntity]), MailModule, SmsModule],
  providers: [
    PasswordHasher,
    PasswordPolicy,
    VerificationCodeRepository,
    VerificationCodeService,
    CodeSender,
    RateLimitRepository,
    BruteForceGuard,
  ],
  exports: [PasswordHasher, PasswordPolicy, VerificationCodeService, CodeSender, BruteForceGuard],
})
export class CredentialsModule {}
