import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One TikTok account the double knows. */
export interface DoubleAccount {
  username: string;
  displayName: string;
  bio: string;
  followerCount: number;
  videos: { id: string; createTime: number; description: string; title?: string }[];
}

/** A 1×1 JPEG, the cover of every video. */
const COVER = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/**
 * A contract double of TikTok's documented web endpoints (developers.tiktok.com: Login Kit for
 * Web, "Manage User Access Tokens with OAuth v2", Display API user info and video list), on a
 * local port, since TikTok cannot be reached from here. It checks what TikTok checks — the
 * client key, the client secret, a code used once with the redirect_uri it was issued for, the
 * bearer token, the fields asked for — and answers in TikTok's shapes: `{data, error:{code,
 * message, log_id}}`, OAuth errors as `{error, error_description, log_id}`, 429 for a rate limit.
 */
export class TikTokDouble {
  readonly accounts = new Map<string, DoubleAccount>();
  /** The account that "signs in" at the next authorize request. */
  signInAs = '';
  /** The user declines at the authorize page. */
  decline = false;
  /** The next API call (user info or video list) answers this instead. */
  failNext: { status: number; code: string; message: string } | undefined;
  readonly calls: { path: string; grant?: string }[] = [];
  private readonly codes = new Map<string, { username: string; redirectUri: string }>();
  private readonly accessTokens = new Map<string, string>();
  private readonly refreshTokens = new Map<string, string>();
  private server: Server | undefined;
  url = '';

  constructor(
    readonly clientKey: string,
    readonly clientSecret: string,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Revokes every access token (TikTok answers `access_token_invalid` until a refresh). */
  revokeAccessTokens(): void {
    this.accessTokens.clear();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const body = await readBody(request);
    const grant =
      url.pathname === '/v2/oauth/token/' ? (new URLSearchParams(body).get('grant_type') ?? '') : undefined;
    this.calls.push({ path: url.pathname, ...(grant === undefined ? {} : { grant }) });
    if (request.method === 'GET' && url.pathname === '/v2/auth/authorize/')
      return this.authorize(url, response);
    if (request.method === 'POST' && url.pathname === '/v2/oauth/token/') return this.token(body, response);
    if (request.method === 'GET' && url.pathname === '/v2/user/info/')
      return this.userInfo(request, url, response);
    if (request.method === 'POST' && url.pathname === '/v2/video/list/')
      return this.videoList(request, url, body, response);
    if (request.method === 'GET' && url.pathname.startsWith('/covers/')) {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(COVER);
      return;
    }
    json(response, 404, { error: { code: 'not_found', message: 'no such endpoint', log_id: logId() } });
  }

  private authorize(url: URL, response: ServerResponse): void {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri') ?? '';
    if (
      params.get('client_key') !== this.clientKey ||
      params.get('response_type') !== 'code' ||
      !redirectUri
    ) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('invalid authorize request');
      return;
    }
    const back = new URL(redirectUri);
    if (params.get('state')) back.searchParams.set('state', params.get('state')!);
    if (this.decline) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user denied the request');
    } else {
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, { username: this.signInAs, redirectUri });
      back.searchParams.set('code', code);
      back.searchParams.set('scopes', params.get('scope') ?? '');
    }
    response.writeHead(302, { location: back.toString() }).end();
  }

  private token(body: string, response: ServerResponse): void {
    const form = new URLSearchParams(body);
    if (form.get('client_key') !== this.clientKey || form.get('client_secret') !== this.clientSecret)
      return json(response, 401, {
        error: 'invalid_client',
        error_description: 'Client key or secret is incorrect.',
        log_id: logId(),
      });
    let username: string | undefined;
    if (form.get('grant_type') === 'authorization_code') {
      const issued = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      if (issued && issued.redirectUri === form.get('redirect_uri')) username = issued.username;
    } else if (form.get('grant_type') === 'refresh_token') {
      username = this.refreshTokens.get(form.get('refresh_token') ?? '');
      this.refreshTokens.delete(form.get('refresh_token') ?? '');
    }
    if (!username)
      return json(response, 400, {
        error: 'invalid_grant',
        error_description: 'Authorization code or refresh token is expired or invalid.',
        log_id: logId(),
      });
    const accessToken = `act.${randomBytes(16).toString('hex')}`;
    const refreshToken = `rft.${randomBytes(16).toString('hex')}`;
    this.accessTokens.set(accessToken, username);
    this.refreshTokens.set(refreshToken, username);
    json(response, 200, {
      open_id: `open-${username}`,
      scope: 'user.info.basic,user.info.profile,user.info.stats,video.list',
      access_token: accessToken,
      expires_in: 86_400,
      refresh_token: refreshToken,
      refresh_expires_in: 31_536_000,
      token_type: 'Bearer',
    });
  }

  /** The account behind the bearer token, or an answer already sent. */
  private authorized(request: IncomingMessage, response: ServerResponse): DoubleAccount | undefined {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const account = this.accounts.get(this.accessTokens.get(token) ?? '');
    if (!account) {
      json(response, 401, {
        error: {
          code: 'access_token_invalid',
          message: 'The access token is invalid or not found in the request.',
          log_id: logId(),
        },
      });
      return undefined;
    }
    if (this.failNext) {
      const failure = this.failNext;
      this.failNext = undefined;
      json(response, failure.status, {
        error: { code: failure.code, message: failure.message, log_id: logId() },
      });
      return undefined;
    }
    return account;
  }

  private userInfo(request: IncomingMessage, url: URL, response: ServerResponse): void {
    const account = this.authorized(request, response);
    if (!account) return;
    const all: Record<string, unknown> = {
      open_id: `open-${account.username}`,
      union_id: `union-${account.username}`,
      avatar_url: `${this.url}/covers/avatar-${account.username}.jpg`,
      display_name: account.displayName,
      bio_description: account.bio,
      follower_count: account.followerCount,
      username: account.username,
    };
    const fields = (url.searchParams.get('fields') ?? '').split(',');
    const user = Object.fromEntries(Object.entries(all).filter(([name]) => fields.includes(name)));
    json(response, 200, { data: { user }, error: { code: 'ok', message: '', log_id: logId() } });
  }

  /** Newest first; the cursor is the create time (ms) of the last video sent, as TikTok's is a timestamp. */
  private videoList(request: IncomingMessage, url: URL, body: string, response: ServerResponse): void {
    const account = this.authorized(request, response);
    if (!account) return;
    const { max_count: maxCount = 10, cursor } = JSON.parse(body || '{}') as {
      max_count?: number;
      cursor?: number;
    };
    if (maxCount > 20)
      return json(response, 400, {
        error: { code: 'invalid_params', message: 'max_count must be at most 20', log_id: logId() },
      });
    const sorted = [...account.videos].sort((a, b) => b.createTime - a.createTime);
    const rest = cursor === undefined ? sorted : sorted.filter((video) => video.createTime * 1000 < cursor);
    const page = rest.slice(0, maxCount);
    const fields = (url.searchParams.get('fields') ?? '').split(',');
    const videos = page.map((video) => {
      const all: Record<string, unknown> = {
        id: video.id,
        create_time: video.createTime,
        cover_image_url: `${this.url}/covers/${video.id}.jpg`,
        share_url: `https://www.tiktok.com/@${account.username}/video/${video.id}`,
        video_description: video.description,
        duration: 15,
        title: video.title ?? '',
        embed_link: `https://www.tiktok.com/player/v1/${video.id}`,
      };
      return Object.fromEntries(Object.entries(all).filter(([name]) => fields.includes(name)));
    });
    json(response, 200, {
      data: {
        videos,
        cursor: page.length ? page[page.length - 1]!.createTime * 1000 : (cursor ?? 0),
        has_more: rest.length > page.length,
      },
      error: { code: 'ok', message: '', log_id: logId() },
    });
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function logId(): string {
  return randomBytes(8).toString('hex');
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
