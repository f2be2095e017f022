import { Injectable } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode, type OAuthProvider } from '@backtalk/proto';
import { IdentityConfig } from '../identity.config';
import { configuredOAuthProviders } from './oauth.config';
import { ProviderClient } from './provider-client';

/** The configured providers (each enabled by its variables alone), one openid-client configuration each. */
@Injectable()
export class OAuthProviders {
  private readonly clients = new Map<OAuthProvider, ProviderClient>();

  constructor(config: IdentityConfig) {
    for (const settings of configuredOAuthProviders(config))
      this.clients.set(settings.provider, new ProviderClient(settings, config.OAUTH_HTTP_TIMEOUT_SECONDS));
  }

  /** Alphabetical, as the sign-in screen lists them (amazon, apple, facebook, google). */
  configured(): OAuthProvider[] {
    return [...this.clients.keys()].sort();
  }

  find(provider: OAuthProvider): ProviderClient | undefined {
    return this.clients.get(provider);
  }

  /** 404 OAUTH_PROVIDER_NOT_CONFIGURED for a provider this deployment does not offer. */
  get(provider: OAuthProvider): ProviderClient {
    const client = this.clients.get(provider);
    if (!client) throw new ServiceError(ErrorCode.OAuthProviderNotConfigured);
    return client;
  }
}
