import { Injectable, Logger } from '@nestjs/common';
import type { OAuthCallbackReply, OAuthCallbackRequest, OAuthErrorReason } from '@backtalk/proto';
import { timingSafeEqual } from 'node:crypto';
import { CompleteSignIn } from '../sign-in/complete-sign-in.use-case';
import { hashRefreshToken } from '../token/refresh-token.secret';
import { OAuthAccounts } from './oauth-accounts';
import { OAuthAuthorizationRepository } from './oauth-authorization.repository';
import { OAuthProviders } from './oauth-providers';
import { sha256 } from './oauth-secrets';
import { OAuthSessionRepository } from './oauth-session.repository';

/** The provider's codes for "the user said no" (OAuth's access_denied; Apple's own). */
const CANCEL_ERRORS = new Set(['access_denied', 'user_cancelled_authorize']);

/**
 * Finishes an OAuth sign-in at the provider's callback. The pending sign-in is
 * spent first (single-use), then checked: not expired, same provider, started
 * by this browser (binding cookie). openid-client exchanges the code with the
 * PKCE verifier and verifies the ID token (signature, issuer, audience, expiry,
 * nonce); the provider account is linked or a user created (OAuthAccounts);
 * then the session is issued exactly as a password sign-in issues it, and the
 * guest that started the sign-in hands its chats over. Anything that goes
 * wrong is an answer with a reason, never a session.
 */
@Injectable()
export class FinishOAuthSignIn {
  private readonly logger = new Logger(FinishOAuthSignIn.name);

  constructor(
    private readonly providers: OAuthProviders,
    private readonly authorizations: OAuthAuthorizationRepository,
    private readonly accounts: OAuthAccounts,
    private readonly completeSignIn: CompleteSignIn,
    private readonly sessions: OAuthSessionRepository,
  ) {}

  async execute(request: OAuthCallbackRequest): Promise<OAuthCallbackReply> {
    const client = this.providers.get(request.provider);
    const { params } = request;
    const now = new Date();
    const pending = params.state ? await this.authorizations.take(sha256(params.state)) : null;
    if (params.error) {
      if (!CANCEL_ERRORS.has(params.error))
        this.logger.warn(
          `${request.provider} answered ${params.error}${params.error_description ? `: ${params.error_description}` : ''}`,
        );
      return failed(CANCEL_ERRORS.has(params.error) ? 'cancelled' : 'provider_error');
    }
    if (!pending || pending.provider !== request.provider || pending.expiresAt <= now)
      return failed('expired');
    if (!request.binding || !sameHash(sha256(request.binding), pending.bindingHash))
      return failed('browser_mismatch');

    const callbackUrl = new URL(pending.redirectUri);
    for (const [name, value] of Object.entries(params))
      if (value !== undefined) callbackUrl.searchParams.set(name, value);
    let profile;
    try {
      profile = await client.exchange({
        callbackUrl,
        state: params.state!,
        codeVerifier: pending.codeVerifier,
        nonce: pending.nonce,
      });
    } catch (error) {
      const unreachable = isUnreachable(error);
      this.logger.warn(
        `${request.provider} sign-in ${unreachable ? 'could not reach the provider' : 'was refused'}: ${describe(error)}`,
      );
      return failed(unreachable ? 'unavailable' : 'exchange_failed');
    }

    const account = await this.accounts.resolve(request.provider, profile, now);
    if (account.outcome === 'refused') return failed(account.reason);
    const reply = await this.completeSignIn.execute(account.user, {
      client: request.client,
      ...(pending.guestUserId ? { guestUserId: pending.guestUserId } : {}),
    });
    if (!reply.session) throw new Error('signing in answered no session');
    await this.sessions.recordProvider(hashRefreshToken(reply.session.refreshToken), request.provider);
    return {
      outcome: 'signedIn',
      session: reply.session,
      created: account.created,
      ...(pending.returnTo ? { returnTo: pending.returnTo } : {}),
    };
  }
}

function failed(reason: OAuthErrorReason): OAuthCallbackReply {
  return { outcome: 'failed', reason };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A network failure or timeout reaching the provider, as opposed to the provider refusing. */
function isUnreachable(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return true;
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

function describe(error: unknown): string {
  const { message, cause } = error as Error & { cause?: unknown };
  const causeText =
    cause instanceof Error ? cause.message : typeof cause === 'object' && cause ? JSON.stringify(cause) : '';
  return causeText ? `${message} (${causeText})` : message;
}
