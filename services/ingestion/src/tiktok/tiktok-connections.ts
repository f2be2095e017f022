import { Injectable, Logger } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import {
  ErrorCode,
  type TikTokCallbackParams,
  type TikTokConnectFinishReply,
  type TikTokConnectStartReply,
  type TikTokConnectionGetReply,
} from '@backtalk/proto';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  TikTokApiClient,
  TikTokTokenRejected,
  type TikTokTokens,
  type TikTokUser,
} from './tiktok-api.client';
import type { TikTokConnectionEntity } from './tiktok-connection.entity';
import { TikTokConnectionRepository } from './tiktok-connection.repository';

/** How long a started connection waits for TikTok's redirect back. */
const PENDING_TTL_SECONDS = 600;
/** An access token this close to its expiry is refreshed first. */
const REFRESH_MARGIN_MS = 60_000;

const hash = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The users' TikTok connections (Login Kit): start (a state bound to the user and to the
 * browser's binding cookie), finish (the code exchanged at /v2/oauth/token/), the access token
 * for a read (refreshed when it has expired), and removal. Each user reaches only their own.
 */
@Injectable()
export class TikTokConnections {
  private readonly logger = new Logger(TikTokConnections.name);
  private readonly refreshing = new Map<string, Promise<TikTokConnectionEntity>>();

  constructor(
    private readonly api: TikTokApiClient,
    private readonly connections: TikTokConnectionRepository,
  ) {}

  async start(userId: string, redirectUri: string): Promise<TikTokConnectStartReply> {
    this.requireConfigured();
    const state = randomBytes(32).toString('base64url');
    const binding = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.connections.addAuthorization(
      {
        stateHash: hash(state),
        userId,
        bindingHash: hash(binding),
        expiresAt: new Date(now.getTime() + PENDING_TTL_SECONDS * 1000),
      },
      now,
    );
    return {
      authorizationUrl: this.api.authorizationUrl(state, redirectUri),
      binding,
      expiresIn: PENDING_TTL_SECONDS,
    };
  }

  /**
   * TikTok's redirect back. A missing, unknown, expired or other browser's state is
   * TIKTOK_STATE_INVALID (400) and stores nothing; the pending connection is used once.
   */
  async finish(
    params: TikTokCallbackParams,
    binding: string | undefined,
    redirectUri: string,
  ): Promise<TikTokConnectFinishReply> {
    this.requireConfigured();
    if (!params.state) throw new ServiceError(ErrorCode.TikTokStateInvalid);
    const pending = await this.connections.findAuthorization(hash(params.state));
    if (
      !pending ||
      pending.expiresAt.getTime() <= Date.now() ||
      !binding ||
      !sameHash(pending.bindingHash, hash(binding))
    )
      throw new ServiceError(ErrorCode.TikTokStateInvalid);
    // Used once, whatever comes next.
    if (!(await this.connections.takeAuthorization(pending.stateHash)))
      throw new ServiceError(ErrorCode.TikTokStateInvalid);
    if (params.error || !params.code) return { outcome: 'failed', reason: 'denied' };

    let tokens: TikTokTokens;
    let user: TikTokUser;
    try {
      tokens = await this.api.exchangeCode(params.code, redirectUri);
      user = await this.api.userInfo(tokens.access_token);
    } catch (error) {
      this.logger.warn(`A TikTok connection could not be finished: ${(error as Error).message}`);
      return { outcome: 'failed', reason: 'unavailable' };
    }
    await this.save(pending.userId, tokens, user);
    return { outcome: 'connected', username: user.username.toLowerCase() };
  }

  async get(userId: string): Promise<TikTokConnectionGetReply> {
    const found = await this.connections.findConnection(userId);
    if (!found) return { connection: null };
    return {
      connection: {
        openId: found.openId,
        username: found.username,
        displayName: found.displayName,
        avatarUrl: found.avatarUrl,
        scope: found.scope,
        connectedAt: found.connectedAt.toISOString(),
      },
    };
  }

  remove(userId: string): Promise<boolean> {
    return this.connections.removeConnection(userId);
  }

  /** Everything ingestion keeps of a user's TikTok account: the account was deleted. */
  erase(userId: string): Promise<void> {
    return this.connections.eraseUser(userId);
  }

  /**
   * Runs `read` with the user's access token (refreshed first when it has expired, and once
   * more when TikTok refuses it); null when the user has not connected TikTok.
   */
  async withAccessToken<T>(userId: string, read: (accessToken: string) => Promise<T>): Promise<T | null> {
    let connection = await this.connections.findConnection(userId);
    if (!connection) return null;
    if (connection.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= Date.now())
      connection = await this.refresh(connection);
    try {
      return await read(connection.accessToken);
    } catch (error) {
      if (!(error instanceof TikTokTokenRejected)) throw error;
    }
    connection = await this.refresh(connection);
    try {
      return await read(connection.accessToken);
    } catch (error) {
      if (error instanceof TikTokTokenRejected) throw new ServiceError(ErrorCode.TikTokReconnectRequired);
      throw error;
    }
  }

  /** One refresh at a time per user here: a second one would present a refresh token already spent. */
  private refresh(connection: TikTokConnectionEntity): Promise<TikTokConnectionEntity> {
    let running = this.refreshing.get(connection.userId);
    if (!running) {
      running = this.refreshNow(connection).finally(() => this.refreshing.delete(connection.userId));
      this.refreshing.set(connection.userId, running);
    }
    return running;
  }

  private async refreshNow(connection: TikTokConnectionEntity): Promise<TikTokConnectionEntity> {
    if (connection.refreshTokenExpiresAt.getTime() <= Date.now())
      throw new ServiceError(ErrorCode.TikTokReconnectRequired);
    const tokens = await this.api.refresh(connection.refreshToken);
    const now = Date.now();
    await this.connections.updateConnection(connection.userId, {
      accessToken: tokens.access_token,
      accessTokenExpiresAt: new Date(now + tokens.expires_in * 1000),
      refreshToken: tokens.refresh_token,
      refreshTokenExpiresAt: new Date(now + tokens.refresh_expires_in * 1000),
      scope: tokens.scope || connection.scope,
    });
    return (await this.connections.findConnection(connection.userId)) ?? connection;
  }

  /** Keeps the profile fields the connection screen shows up to date after a live read. */
  async remember(userId: string, user: TikTokUser): Promise<void> {
    await this.connections.updateConnection(userId, {
      username: user.username.toLowerCase(),
      displayName: user.display_name,
      avatarUrl: user.avatar_url,
    });
  }

  /** One connection per user: a new one replaces the old (connectedAt is the new one's). */
  private async save(userId: string, tokens: TikTokTokens, user: TikTokUser): Promise<void> {
    const now = Date.now();
    await this.connections.replaceConnection({
      userId,
      openId: tokens.open_id,
      username: user.username.toLowerCase(),
      displayName: user.display_name,
      avatarUrl: user.avatar_url,
      scope: tokens.scope,
      accessToken: tokens.access_token,
      accessTokenExpiresAt: new Date(now + tokens.expires_in * 1000),
      refreshToken: tokens.refresh_token,
      refreshTokenExpiresAt: new Date(now + tokens.refresh_expires_in * 1000),
    });
  }

  private requireConfigured(): void {
    if (!this.api.configured()) throw new ServiceError(ErrorCode.TikTokNotConfigured);
  }
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
