import { Injectable, Logger } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import { z } from 'zod';
import { IngestionConfig } from '../ingestion.config';

/** The scopes Backtalk asks for: the profile with its bio and follower count, and the video list. */
const TIKTOK_SCOPES = 'user.info.basic,user.info.profile,user.info.stats,video.list';
const USER_FIELDS = 'open_id,union_id,avatar_url,display_name,bio_description,follower_count,username';
const VIDEO_FIELDS = 'id,create_time,cover_image_url,share_url,video_description,duration,title,embed_link';
/** TikTok's largest page of the video list. */
const VIDEO_PAGE_SIZE = 20;
const REQUEST_TIMEOUT_MS = 15_000;

/** TikTok's token answer (developers.tiktok.com, "Manage User Access Tokens with OAuth v2"). */
const tokenSchema = z.object({
  open_id: z.string().min(1),
  scope: z.string().default(''),
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number().int().positive(),
});
export type TikTokTokens = z.infer<typeof tokenSchema>;

/** Every v2 API answer carries `error` with `code` `ok` on success. */
const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string().default(''),
  log_id: z.string().optional(),
});

const userSchema = z.object({
  open_id: z.string().min(1),
  union_id: z.string().optional(),
  avatar_url: z.string().default(''),
  display_name: z.string().default(''),
  bio_description: z.string().default(''),
  follower_count: z.number().int().min(0),
  username: z.string().min(1),
});
export type TikTokUser = z.infer<typeof userSchema>;

const videoSchema = z.object({
  id: z.string().min(1),
  create_time: z.number().int(),
  cover_image_url: z.string().optional(),
  share_url: z.string().optional(),
  video_description: z.string().default(''),
  duration: z.number().optional(),
  title: z.string().optional(),
  embed_link: z.string().optional(),
});
export type TikTokVideo = z.infer<typeof videoSchema>;
const videoPageSchema = z.object({
  videos: z.array(videoSchema).default([]),
  cursor: z.number().int().optional(),
  has_more: z.boolean().default(false),
});

/** An access token TikTok refused (`access_token_invalid`): refreshing it may help. */
export class TikTokTokenRejected extends Error {}

/**
 * TikTok's HTTP API (Login Kit's token endpoint, the Display API's user info and video list).
 * TikTok's answers become the shared error type: a rate limit (HTTP 429 or
 * `rate_limit_exceeded`) is TIKTOK_RATE_LIMITED, any other error TIKTOK_API_ERROR naming
 * TikTok's code, no answer CONTENT_PROVIDER_UNAVAILABLE. Tokens never reach a log line.
 */
@Injectable()
export class TikTokApiClient {
  private readonly logger = new Logger(TikTokApiClient.name);

  constructor(private readonly config: IngestionConfig) {}

  configured(): boolean {
    return this.config.TIKTOK_CLIENT_KEY !== undefined && this.config.TIKTOK_CLIENT_SECRET !== undefined;
  }

  /** Login Kit for Web: no PKCE (TikTok asks a code_verifier of desktop and mobile apps only). */
  authorizationUrl(state: string, redirectUri: string): string {
    const url = new URL(this.config.TIKTOK_AUTHORIZE_URL);
    url.searchParams.set('client_key', this.config.TIKTOK_CLIENT_KEY ?? '');
    url.searchParams.set('scope', TIKTOK_SCOPES);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  }

  exchangeCode(code: string, redirectUri: string): Promise<TikTokTokens> {
    return this.token({ code, grant_type: 'authorization_code', redirect_uri: redirectUri });
  }

  refresh(refreshToken: string): Promise<TikTokTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async userInfo(accessToken: string): Promise<TikTokUser> {
    const data = await this.api('GET', `/v2/user/info/?fields=${USER_FIELDS}`, accessToken);
    const parsed = z.object({ user: userSchema }).safeParse(data);
    if (!parsed.success) throw this.malformed('/v2/user/info/');
    return parsed.data.user;
  }

  /** One page of the user's videos, newest first; `cursor` from the previous page. */
  async videoPage(
    accessToken: string,
    cursor?: number,
  ): Promise<{ videos: TikTokVideo[]; cursor?: number; hasMore: boolean }> {
    const data = await this.api('POST', `/v2/video/list/?fields=${VIDEO_FIELDS}`, accessToken, {
      max_count: VIDEO_PAGE_SIZE,
      ...(cursor === undefined ? {} : { cursor }),
    });
    const parsed = videoPageSchema.safeParse(data);
    if (!parsed.success) throw this.malformed('/v2/video/list/');
    return { videos: parsed.data.videos, cursor: parsed.data.cursor, hasMore: parsed.data.has_more };
  }

  /** A cover image, or null when it cannot be had (covers are not worth failing a run for). */
  async download(url: string, maxBytes: number): Promise<{ body: Buffer; contentType: string } | null> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      if (!response.ok) return null;
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > maxBytes) return null;
      return { body, contentType: response.headers.get('content-type') ?? '' };
    } catch {
      return null;
    }
  }

  private async token(params: Record<string, string>): Promise<TikTokTokens> {
    const body = new URLSearchParams({
      client_key: this.config.TIKTOK_CLIENT_KEY ?? '',
      client_secret: this.config.TIKTOK_CLIENT_SECRET ?? '',
      ...params,
    });
    const response = await this.send('/v2/oauth/token/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const json = await this.json(response, '/v2/oauth/token/');
    if (response.status === 429) throw new ServiceError(ErrorCode.TikTokRateLimited);
    // The token endpoint answers OAuth errors as `{error, error_description, log_id}`.
    const failure = z
      .object({ error: z.string(), error_description: z.string().default('') })
      .safeParse(json);
    if (!response.ok || (failure.success && failure.data.error !== '')) {
      const code = failure.success ? failure.data.error : `HTTP ${response.status}`;
      const description = failure.success ? failure.data.error_description : '';
      if (code === 'invalid_grant') throw new ServiceError(ErrorCode.TikTokReconnectRequired);
      // TikTok's own words go to the log; the user gets its code and what to do.
      this.logger.warn(`TikTok refused the token request (${code}): ${description}`);
      throw new ServiceError(
        ErrorCode.TikTokApiError,
        `TikTok refused the sign-in (${code}). Connect TikTok again; if it keeps failing, the server's TikTok app settings need checking.`,
      );
    }
    const tokens = tokenSchema.safeParse(json);
    if (!tokens.success) throw this.malformed('/v2/oauth/token/');
    return tokens.data;
  }

  private async api(
    method: 'GET' | 'POST',
    path: string,
    accessToken: string,
    body?: unknown,
  ): Promise<unknown> {
    const response = await this.send(path, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const endpoint = path.split('?')[0]!;
    const json = await this.json(response, endpoint);
    const error = apiErrorSchema.safeParse((json as { error?: unknown } | null)?.error);
    const code = error.success ? error.data.code : undefined;
    if (response.status === 429 || code === 'rate_limit_exceeded')
      throw new ServiceError(ErrorCode.TikTokRateLimited);
    if (code === 'access_token_invalid' || (response.status === 401 && code !== 'scope_not_authorized'))
      throw new TikTokTokenRejected();
    if (!response.ok || code !== 'ok') {
      const detail = error.success ? error.data.code : `HTTP ${response.status}`;
      // TikTok's own words go to the log; the user gets its code and what to do.
      this.logger.warn(`TikTok answered ${endpoint} with ${detail}: ${error.data?.message ?? ''}`);
      const hint =
        code === 'scope_not_authorized'
          ? ' Connect TikTok again and allow access to your profile, its statistics and your videos.'
          : ' Try again in a minute.';
      throw new ServiceError(ErrorCode.TikTokApiError, `TikTok answered with an error (${detail}).${hint}`);
    }
    return (json as { data?: unknown }).data;
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    const url = new URL(path, this.config.TIKTOK_API_BASE_URL);
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      // Only the endpoint: the request carries tokens and the client secret.
      this.logger.warn(
        `TikTok could not be reached at ${url.origin}${url.pathname}: ${(error as Error).name}`,
      );
      throw new ServiceError(ErrorCode.ContentProviderUnavailable);
    }
  }

  private async json(response: Response, endpoint: string): Promise<unknown> {
    const text = await response.text();
    if (response.status === 429) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ServiceError(
        ErrorCode.TikTokApiError,
        `TikTok answered ${endpoint} with HTTP ${response.status} and no JSON. Try again in a minute.`,
      );
    }
  }

  private malformed(endpoint: string): ServiceError {
    return new ServiceError(
      ErrorCode.TikTokApiError,
      `TikTok's answer from ${endpoint} was not in the documented shape. Try again later.`,
    );
  }
}
