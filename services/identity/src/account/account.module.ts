import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AuthSessionStoreModule } from '../session/auth-session-store.module';
import { SignInModule } from '../sign-in/sign-in.module';
import { UserModule } from '../user/user.module';
import { AccountController } from './account.controller';
import { AttributeVerification } from './attribute-verification.use-case';
import { AutoSignIn, ConfirmSignUp, SignUpChallenge } from './confirm-sign-up.use-case';
import { CredentialsModule } from './credentials.module';
import { ChangePassword } from './password-change.use-case';
import { ForgotPassword, ResetPassword } from './password-reset.use-case';
import { ResendSignUpCode } from './resend-sign-up-code.use-case';
import { SendRequestedCodeEmail } from './send-requested-code-email';
import { SignUp } from './sign-up.use-case';

@Module({
  imports: [CredentialsModule, MailModule, SignInModule, UserModule, AuthSessionStoreModule],
  controllers: [AccountController],
  providers: [
    SignUp,
    ConfirmSignUp,
    SignUpChallenge,
    AutoSignIn,
    ResendSignUpCode,
    SendRequestedCodeEmail,
    ForgotPassword,
    ResetPassword,
    ChangePassword,
    AttributeVerification,
  ],
})
export class AccountModule {}
