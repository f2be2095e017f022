import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ServiceClient } from '@backtalk/kit';
import { type AuthClient, type AuthFlowReply, Subjects } from '@backtalk/proto';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import { RefreshTokenEntity } from '../token/refresh-token.entity';
import { TokenIssuerService } from '../token/token-issuer.service';
import type { UserEntity } from '../user/user.entity';

export interface FlowContext {
  client: AuthClient;
  /** The guest that started the flow; its chats move to the account. */
  guestUserId?: string;
}

/**
 * The last step of signing in: a new session (a refresh-token family) with
 * its first tokens, and the guest's chats moved to the account. (The
 * accounts branch replaces this with its own, which also records the
 * session and retries a failed move; the OAuth flow only calls `execute`.)
 */
@Injectable()
export class CompleteSignIn {
  private readonly logger = new Logger(CompleteSignIn.name);

  constructor(
    @InjectRepository(RefreshTokenEntity) private readonly tokens: Repository<RefreshTokenEntity>,
    private readonly issuer: TokenIssuerService,
    private readonly client: ServiceClient,
  ) {}

  async execute(user: UserEntity, context: FlowContext): Promise<AuthFlowReply> {
    const now = new Date();
    const refreshToken = this.issuer.mintRefreshToken(now);
    await this.tokens.insert({
      tokenHash: refreshToken.tokenHash,
      expiresAt: refreshToken.expiresAt,
      userId: user.id,
      familyId: randomUUID(),
    });
    if (context.guestUserId && context.guestUserId !== user.id) {
      await this.client
        .request(Subjects.ChatGuestDataTransfer, { guestUserId: context.guestUserId, userId: user.id })
        .catch((error: unknown) =>
          this.logger.warn(
            `Could not move guest ${context.guestUserId}'s chats: ${(error as Error).message}`,
          ),
        );
    }
    return { nextStep: { step: 'done' }, session: await this.issuer.tokensFor(user, refreshToken, now) };
  }
}
