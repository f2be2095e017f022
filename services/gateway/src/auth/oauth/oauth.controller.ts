import { Body, Controller, Get, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiFoundResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { ServiceClient, ServiceError, ValidationError } from '@backtalk/kit';
import {
  ErrorCode,
  OAUTH_PROVIDERS,
  type OAuthCallbackParams,
  type OAuthErrorReason,
  type OAuthProvider,
  Subjects,
  oauthCallbackParamsSchema,
} from '@backtalk/proto';
import type { Request, Response } from 'express';
import { GatewayConfig } from '../../gateway.config';
import { AuthFlowHttp } from '../auth-flow.http';
import { Public } from '../auth.guard';
import { OAuthCallbackInput, OAuthProviderParams, OAuthStartQuery } from '../dto/oauth.dto';
import { readRefreshCookie, setRefreshCookie } from '../refresh-cookie';
import { clearBindingCookie, oauthCallbackPath, readBindingCookie, setBindingCookie } from './oauth-cookie';
import { publicOrigin } from '../request-origin';

/** The authorization response parameters identity reads; a provider's others are dropped. */
const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss', 'user'] as const;

/**
 * OAuth / OpenID Connect sign-in (spec §1, §7): the browser navigates to
 * `start`, which redirects to the provider; the provider sends it back to
 * `callback` (a GET, or Apple's form_post POST), which sets the refresh cookie
 * like every other sign-in and redirects to `/sign-in?oauth=done`; the web app
 * then gets its access token from POST /api/auth/refresh. A sign-in that
 * fails or is cancelled redirects to `/sign-in?oauth=error&reason=…`.
 */
@ApiTags('auth')
@Controller('api/auth/oauth')
export class OAuthController {
  private readonly logger = new Logger(OAuthController.name);

  constructor(
    private readonly client: ServiceClient,
    private readonly http: AuthFlowHttp,
    private readonly config: GatewayConfig,
  ) {}

  /**
   * Redirects to the provider's sign-in page (authorization code with PKCE S256). A guest's
   * refresh cookie marks the guest whose chats move to the account. 404 for a provider that is
   * not configured; `returnTo` (a path on this site) comes back on `/sign-in?oauth=done`.
   */
  @Public()
  @Get(':provider/start')
  @ApiFoundResponse({ description: "Redirect to the provider's authorization endpoint" })
  @ApiNotFoundResponse({ description: 'OAUTH_PROVIDER_NOT_CONFIGURED' })
  async start(
    @Param() params: OAuthProviderParams,
    @Query() query: OAuthStartQuery,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const provider = this.knownProvider(params.provider);
    const origin = publicOrigin(request, this.config.PUBLIC_URL);
    if (!origin) {
      this.logger.error(
        `OAuth sign-in with ${provider} needs PUBLIC_URL (the redirect URI registered at the provider is built from it)`,
      );
      return this.failed(response, provider, 'misconfigured');
    }
    const refreshToken = readRefreshCookie(request);
    try {
      const reply = await this.client.request(Subjects.IdentityOAuthStart, {
        provider,
        callbackUrl: `${origin}${oauthCallbackPath(provider)}`,
        ...(query.returnTo ? { returnTo: query.returnTo } : {}),
        ...(refreshToken ? { refreshToken } : {}),
        client: this.http.client(request),
      });
      setBindingCookie(
        request,
        response,
        provider,
        reply.binding,
        reply.expiresIn,
        reply.responseMode === 'form_post',
      );
      response.redirect(302, reply.authorizationUrl);
    } catch (error) {
      const failure = ServiceError.from(error);
      if (failure.code === ErrorCode.OAuthProviderNotConfigured) throw failure;
      this.logger.warn(`OAuth sign-in with ${provider} could not start: ${failure.message}`);
      this.failed(response, provider, 'unavailable');
    }
  }

  /** The provider's redirect back (query parameters). */
  @Public()
  @Get(':provider/callback')
  @ApiFoundResponse({ description: 'Redirect to /sign-in?oauth=done, or /sign-in?oauth=error&reason=…' })
  @ApiNotFoundResponse({ description: 'OAUTH_PROVIDER_NOT_CONFIGURED' })
  callback(
    @Param() params: OAuthProviderParams,
    @Query() query: OAuthCallbackInput,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.finish(params.provider, query, request, response);
  }

  /** The provider's form_post response (Apple): the same parameters as a form body. */
  @Public()
  @Post(':provider/callback')
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiFoundResponse({ description: 'Redirect to /sign-in?oauth=done, or /sign-in?oauth=error&reason=…' })
  @ApiNotFoundResponse({ description: 'OAUTH_PROVIDER_NOT_CONFIGURED' })
  formPostCallback(
    @Param() params: OAuthProviderParams,
    @Body() body: OAuthCallbackInput,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    return this.finish(params.provider, body, request, response);
  }

  private async finish(
    providerName: string,
    input: OAuthCallbackInput,
    request: Request,
    response: Response,
  ): Promise<void> {
    const provider = this.knownProvider(providerName);
    const params = callbackParams(input);
    const binding = readBindingCookie(request);
    try {
      const reply = await this.client.request(Subjects.IdentityOAuthCallback, {
        provider,
        params,
        ...(binding ? { binding } : {}),
        client: this.http.client(request),
      });
      clearBindingCookie(request, response, provider);
      if (reply.outcome === 'failed') return this.failed(response, provider, reply.reason);
      setRefreshCookie(request, response, reply.session.refreshToken, reply.session.refreshExpiresIn);
      const done = new URLSearchParams({ oauth: 'done', provider });
      if (reply.returnTo) done.set('returnTo', reply.returnTo);
      response.redirect(302, `/sign-in?${done.toString()}`);
    } catch (error) {
      const failure = ServiceError.from(error);
      if (failure.code === ErrorCode.OAuthProviderNotConfigured) throw failure;
      this.logger.warn(`OAuth sign-in with ${provider} could not finish: ${failure.message}`);
      clearBindingCookie(request, response, provider);
      this.failed(response, provider, 'unavailable');
    }
  }

  private knownProvider(name: string): OAuthProvider {
    if ((OAUTH_PROVIDERS as readonly string[]).includes(name)) return name as OAuthProvider;
    throw new ServiceError(ErrorCode.OAuthProviderNotConfigured);
  }

  private failed(response: Response, provider: OAuthProvider, reason: OAuthErrorReason): void {
    response.redirect(
      302,
      `/sign-in?${new URLSearchParams({ oauth: 'error', provider, reason }).toString()}`,
    );
  }
}

/** The parameters identity reads, checked: an authorization response has `code` and `state`, or `error`. */
function callbackParams(input: OAuthCallbackInput): OAuthCallbackParams {
  const picked: Record<string, string> = {};
  for (const name of CALLBACK_PARAMS) {
    const value = input[name];
    if (value !== undefined) picked[name] = value;
  }
  const parsed = oauthCallbackParamsSchema.safeParse(picked);
  if (!parsed.success)
    throw new ValidationError(
      'This is not an authorization response: it needs `code` and `state`, or `error`, each at most the allowed length.',
    );
  return parsed.data;
}
