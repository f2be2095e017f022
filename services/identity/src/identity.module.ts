import { DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import { AccountModule } from './account/account.module';
import { AgeModule } from './age/age.module';
import { GuestModule } from './guest/guest.module';
import { IdentityConfig } from './identity.config';
import { identityDatabase } from './identity.database';
import { MfaModule } from './mfa/mfa.module';
import { PasskeyModule } from './passkey/passkey.module';
import { OAuthModule } from './oauth/oauth.module';
import { RetentionModule } from './retention/retention.module';
import { SessionModule } from './session/session.module';
import { SigningKeyModule } from './signing-key/signing-key.module';
import { TokenModule } from './token/token.module';

@Module({})
export class IdentityModule {
  static register(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServiceKitModule.forService({
          name: 'identity',
          config: IdentityConfig,
          database: identityDatabase,
          healthSubject: Subjects.IdentityHealthCheck,
          env,
        }),
        SigningKeyModule,
        GuestModule,
        TokenModule,
        SessionModule,
        AccountModule,
        AgeModule,
        MfaModule,
        PasskeyModule,
        OAuthModule,
        RetentionModule,
      ],
    };
  }
}
