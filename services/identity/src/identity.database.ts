import { DurableMessageEntity, type ServiceDatabase } from '@backtalk/kit';
import { GuestPasswordEntity } from './guest/guest-password.entity';
import { GuestUserEntity } from './guest/guest-user.entity';
import { RefreshTokenEntity } from './token/refresh-token.entity';
import { SigningKeyEntity } from './signing-key/signing-key.entity';
import { UserEntity } from './user/user.entity';
import { AuthSessionEntity } from './session/auth-session.entity';
import { VerificationCodeEntity } from './code/verification-code.entity';
import { SignInChallengeEntity } from './sign-in/sign-in-challenge.entity';
import { OutboxMessageEntity } from './mail/outbox-message.entity';
import { SentMailEntity } from './mail/sent-mail.entity';
import { RateLimitEntity } from './brute-force/rate-limit.entity';
import { MfaSettingsEntity } from './mfa/mfa-settings.entity';
import { PasskeyChallengeEntity } from './passkey/passkey-challenge.entity';
import { PasskeyEntity } from './passkey/passkey.entity';
import { OAuthAuthorizationEntity } from './oauth/oauth-authorization.entity';
import { OAuthSessionEntity } from './oauth/oauth-session.entity';
import { UserIdentityEntity } from './oauth/user-identity.entity';
import { AccountDeletionEntity } from './retention/account-deletion.entity';
import { migrations } from './migrations';

export const identityDatabase: ServiceDatabase = {
  schema: 'identity',
  entities: [
    UserEntity,
    GuestUserEntity,
    GuestPasswordEntity,
    RefreshTokenEntity,
    SigningKeyEntity,
    AuthSessionEntity,
    VerificationCodeEntity,
    SignInChallengeEntity,
    OutboxMessageEntity,
    SentMailEntity,
    RateLimitEntity,
    MfaSettingsEntity,
    PasskeyEntity,
    PasskeyChallengeEntity,
    OAuthAuthorizationEntity,
    UserIdentityEntity,
    OAuthSessionEntity,
    AccountDeletionEntity,
    DurableMessageEntity,
  ],
  migrations,
};
