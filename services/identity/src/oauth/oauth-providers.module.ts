import { Module } from '@nestjs/common';
import { OAuthProviders } from './oauth-providers';

/** The configured OAuth providers, for the sign-in flow and for the list of sign-in options. */
@Module({
  providers: [OAuthProviders],
  exports: [OAuthProviders],
})
export class OAuthProvidersModule {}
