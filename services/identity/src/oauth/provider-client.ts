import type { OAuthProvider } from '@backtalk/proto';
import type { OAuthProviderSettings } from './oauth.config';
import { type OpenIdClient, loadOpenIdClient } from './openid-client.loader';
import { AppleClientSecret } from './apple-client-secret';

type Configuration = InstanceType<OpenIdClient['Configuration']>;

/** Who signed in, as the provider tells it. */
export interface ProviderProfile {
  /** The provider's stable id for the account (`sub`; Amazon's `user_id`, Facebook's `id`). */
  subject: string;
  email: string | null;
  /** Only a provider's explicit claim counts (`email_verified`); no claim means not verified. */
  emailVerified: boolean;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface CodeExchange {
  /** The redirect URI with the authorization response's parameters. */
  callbackUrl: URL;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Spec §7: phone, email, openid and profile — each as far as the provider offers it. */
const SPEC_SCOPES = ['openid', 'email', 'profile', 'phone'];

/** A provider's non-OIDC OAuth 2 endpoints and the profile API that says who signed in. */
interface OAuth2Endpoints {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  profileUrl: string;
  scope: string;
  profile(body: Record<string, unknown>): ProviderProfile;
}

/**
 * Login with Amazon and Facebook Login are OAuth 2 with a profile API, not
 * OpenID Connect: no ID token, no nonce, and no claim that the email is
 * verified — so their emails never link to an existing account
 * (docs/security.md, "OAuth sign-in").
 */
const OAUTH2_ENDPOINTS: Record<'amazon' | 'facebook', OAuth2Endpoints> = {
  amazon: {
    issuer: 'https://www.amazon.com',
    authorizationEndpoint: 'https://www.amazon.com/ap/oa',
    tokenEndpoint: 'https://api.amazon.com/auth/o2/token',
    profileUrl: 'https://api.amazon.com/user/profile',
    scope: 'profile',
    profile: (body) => ({
      subject: requiredString(body.user_id, 'user_id'),
      email: optionalString(body.email),
      emailVerified: false,
    }),
  },
  facebook: {
    issuer: 'https://www.facebook.com',
    authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
    profileUrl: 'https://graph.facebook.com/v21.0/me?fields=id,name,email',
    scope: 'email public_profile',
    profile: (body) => ({
      subject: requiredString(body.id, 'id'),
      email: optionalString(body.email),
      emailVerified: false,
    }),
  },
};

/**
 * One configured provider, through openid-client: the authorization URL
 * (PKCE S256, state, nonce), the code exchange with its checks (state, PKCE,
 * ID token signature, issuer, audience, expiry and nonce), and who signed in.
 * Discovery happens on first use and is kept; a failed discovery is retried
 * on the next sign-in.
 */
export class ProviderClient {
  private configuration?: Promise<Configuration>;
  private readonly appleSecret?: AppleClientSecret;

  constructor(
    readonly settings: OAuthProviderSettings,
    private readonly timeoutSeconds: number,
  ) {
    if (settings.provider === 'apple') this.appleSecret = new AppleClientSecret(settings);
  }

  get provider(): OAuthProvider {
    return this.settings.provider;
  }

  /** Apple sends the response as a form POST when it asks for the name or email (its rule). */
  get responseMode(): 'query' | 'form_post' {
    return this.settings.provider === 'apple' ? 'form_post' : 'query';
  }

  /** OpenID Connect (an issuer to discover), or a provider's own OAuth 2 endpoints. */
  private get oauth2(): OAuth2Endpoints | undefined {
    const { provider } = this.settings;
    if ((provider === 'amazon' || provider === 'facebook') && !this.settings.issuer)
      return OAUTH2_ENDPOINTS[provider];
    return undefined;
  }

  async authorizationUrl(request: AuthorizationRequest): Promise<URL> {
    const client = await loadOpenIdClient();
    const configuration = await this.config();
    const parameters: Record<string, string> = {
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: this.scope(configuration),
      state: request.state,
      code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    };
    if (!this.oauth2) parameters.nonce = request.nonce;
    if (this.responseMode === 'form_post') parameters.response_mode = 'form_post';
    return client.buildAuthorizationUrl(configuration, parameters);
  }

  async exchange(exchange: CodeExchange): Promise<ProviderProfile> {
    const client = await loadOpenIdClient();
    const configuration = await this.config();
    await this.appleSecret?.refresh();
    const oauth2 = this.oauth2;
    const tokens = await client.authorizationCodeGrant(configuration, exchange.callbackUrl, {
      pkceCodeVerifier: exchange.codeVerifier,
      expectedState: exchange.state,
      ...(oauth2 ? { idTokenExpected: false } : { expectedNonce: exchange.nonce, idTokenExpected: true }),
    });
    if (oauth2) {
      const response = await client.fetchProtectedResource(
        configuration,
        tokens.access_token,
        new URL(oauth2.profileUrl),
        'GET',
      );
      if (!response.ok) throw new Error(`${this.provider}'s profile API answered ${response.status}`);
      return oauth2.profile((await response.json()) as Record<string, unknown>);
    }
    const claims = tokens.claims();
    if (!claims) throw new Error(`${this.provider} returned no ID token`);
    let email = optionalString(claims.email);
    let verified = claims.email_verified;
    // Providers that keep the ID token small (OIDC's default for the code flow) answer the rest at userinfo.
    if (email === null && configuration.serverMetadata().userinfo_endpoint) {
      const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      email = optionalString(userinfo.email);
      verified = userinfo.email_verified;
    }
    return { subject: claims.sub, email, emailVerified: email !== null && isTrue(verified) };
  }

  /** The provider's RP-initiated logout URL, when its discovery document names an end-session endpoint. */
  async endSessionUrl(postLogoutRedirectUri: string): Promise<string | null> {
    if (this.oauth2) return null;
    const client = await loadOpenIdClient();
    const configuration = await this.config();
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    return client
      .buildEndSessionUrl(configuration, {
        client_id: this.settings.clientId,
        post_logout_redirect_uri: postLogoutRedirectUri,
      })
      .toString();
  }

  private scope(configuration: Configuration): string {
    if (this.oauth2) return this.oauth2.scope;
    const supported = configuration.serverMetadata().scopes_supported;
    const wanted = this.settings.provider === 'apple' ? [...SPEC_SCOPES, 'name'] : SPEC_SCOPES;
    return wanted.filter((scope) => scope === 'openid' || !supported || supported.includes(scope)).join(' ');
  }

  private config(): Promise<Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  private async discover(): Promise<Configuration> {
    const client = await loadOpenIdClient();
    const { settings } = this;
    const clientAuth =
      settings.provider === 'apple'
        ? this.appleSecret!.clientAuth()
        : client.ClientSecretPost(settings.clientSecret);
    const oauth2 = this.oauth2;
    let configuration: Configuration;
    if (oauth2) {
      configuration = new client.Configuration(
        {
          issuer: oauth2.issuer,
          authorization_endpoint: oauth2.authorizationEndpoint,
          token_endpoint: oauth2.tokenEndpoint,
        },
        settings.clientId,
        undefined,
        clientAuth,
      );
    } else {
      const issuer = new URL(settings.issuer!);
      configuration = await client.discovery(issuer, settings.clientId, undefined, clientAuth, {
        timeout: this.timeoutSeconds,
        // Config allows http issuers on loopback hosts only (a local provider).
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      });
    }
    configuration.timeout = this.timeoutSeconds;
    return configuration;
  }
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

function requiredString(value: unknown, name: string): string {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number') return String(value);
  throw new Error(`the provider's profile has no ${name}`);
}

/** Apple sends `email_verified` as the string "true". */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}
