import { Injectable } from '@nestjs/common';
import type { AuthClient, AuthFlowReply, AuthStep } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { ConvertGuest } from '../guest/convert-guest.use-case';
import { maskEmail } from '../mail/code-email';
import { maskPhone } from '../sms/phone-number';
import { phoneOf, verifiedPhoneOf } from '../user/user-phone';
import { AuthSessionRepository } from '../session/auth-session.repository';
import { TokenIssuerService } from '../token/token-issuer.service';
import type { UserEntity } from '../user/user.entity';

type VerifyUserStep = Extract<AuthStep, { step: 'verifyUser' }>;

export interface FlowContext {
  client: AuthClient;
  /** The guest whose access token came with the request (or started the flow). */
  guestUserId?: string;
}

/**
 * The last step of every way of signing in: a new session (a refresh-token
 * family) with its first tokens, and the guest's chats moved to the account.
 * Answers `done`, or `verifyUser` (signed in as well) when a contact detail
 * is still unverified — the email, or a phone number no texted code proved (spec §4, skippable).
 */
@Injectable()
export class CompleteSignIn {
  constructor(
    private readonly sessions: AuthSessionRepository,
    private readonly issuer: TokenIssuerService,
    private readonly convertGuest: ConvertGuest,
  ) {}

  async execute(user: UserEntity, context: FlowContext): Promise<AuthFlowReply> {
    const now = new Date();
    const sessionId = randomUUID();
    const refreshToken = this.issuer.mintRefreshToken(now);
    await this.sessions.start(
      { id: sessionId, userId: user.id, expiresAt: refreshToken.expiresAt, client: context.client, now },
      refreshToken,
    );
    if (context.guestUserId) await this.convertGuest.execute(context.guestUserId, user.id);
    const session = await this.issuer.tokensFor(user, refreshToken, now, sessionId);
    const unverified: VerifyUserStep['unverified'] = [];
    if (user.email && !user.emailVerified)
      unverified.push({ attribute: 'email', destination: maskEmail(user.email) });
    const phone = phoneOf(user);
    if (phone && !verifiedPhoneOf(user))
      unverified.push({ attribute: 'phone_number', destination: maskPhone(phone) });
    if (unverified.length) return { nextStep: { step: 'verifyUser', unverified }, session };
    return { nextStep: { step: 'done' }, session };
  }
}
