import { Injectable } from '@nestjs/common';
import type { ContentProfile } from '@backtalk/proto';
import type { ContentImage, ContentProvider, ContentVideo } from '../content/content-provider';
import { TikTokApiClient, type TikTokUser, type TikTokVideo } from './tiktok-api.client';
import { TikTokConnections } from './tiktok-connections';

/** The most videos one read walks through (TikTok pages 20 at a time). */
const MAX_VIDEOS = 500;
const MAX_COVER_BYTES = 2 * 1024 * 1024;
const COVER_TYPES: Record<string, 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The official TikTok API (Login Kit + Display API), on when TIKTOK_CLIENT_KEY and
 * TIKTOK_CLIENT_SECRET are set. It reads only the account the asking user connected: a handle
 * that is not that account's username is one this provider does not know (null), so one user's
 * connection never answers for another. A live read from TikTok proves the profile (trusted).
 */
@Injectable()
export class TikTokApiContentProvider implements ContentProvider {
  readonly name = 'tiktok-api' as const;
  readonly trusted = true;

  constructor(
    private readonly api: TikTokApiClient,
    private readonly connections: TikTokConnections,
  ) {}

  configured(): boolean {
    return this.api.configured();
  }

  async profile(handle: string, userId: string): Promise<ContentProfile | null> {
    const user = await this.connectedUser(handle, userId);
    if (!user) return null;
    return {
      provider: this.name,
      handle: user.username.toLowerCase(),
      nickName: user.display_name,
      bio: user.bio_description,
      followerCount: user.follower_count,
      avatarUrl: user.avatar_url,
      // TikTok's Display API has no sec_uid; the open id is this app's stable id of the account.
      secUid: `tiktok:${user.open_id}`,
      tikTokUserId: user.union_id ? `tiktok:${user.union_id}` : `tiktok:${user.open_id}`,
    };
  }

  /** The picture TikTok's user info named (`avatar_url`), downloaded as covers are. */
  avatar(profile: ContentProfile): Promise<ContentImage | null> {
    return this.image(profile.avatarUrl);
  }

  /** The connected account's videos, newest first, every page (cursor paging) up to 500. */
  async videos(handle: string, userId: string): Promise<ContentVideo[] | null> {
    const listed = await this.connections.withAccessToken(userId, async (accessToken) => {
      const user = await this.api.userInfo(accessToken);
      if (user.username.toLowerCase() !== handle.toLowerCase()) return null;
      const videos: TikTokVideo[] = [];
      let cursor: number | undefined;
      for (;;) {
        const page = await this.api.videoPage(accessToken, cursor);
        videos.push(...page.videos);
        if (
          !page.hasMore ||
          page.cursor === undefined ||
          page.cursor === cursor ||
          videos.length >= MAX_VIDEOS
        )
          break;
        cursor = page.cursor;
      }
      return { user, videos: videos.slice(0, MAX_VIDEOS) };
    });
    if (!listed) return null;
    const out: ContentVideo[] = [];
    for (const video of listed.videos) {
      out.push({
        awemeId: video.id,
        desc: video.video_description || video.title || '',
        createdAt: new Date(video.create_time * 1000),
        videoUrl:
          video.share_url ??
          `https://www.tiktok.com/@${listed.user.username.toLowerCase()}/video/${video.id}`,
        // The Display API has no caption tracks.
        captionsVtt: null,
        cover: await this.image(video.cover_image_url),
      });
    }
    return out.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  private async connectedUser(handle: string, userId: string): Promise<TikTokUser | null> {
    if (!this.configured()) return null;
    const user = await this.connections.withAccessToken(userId, (accessToken) =>
      this.api.userInfo(accessToken),
    );
    if (!user) return null;
    await this.connections.remember(userId, user);
    return user.username.toLowerCase() === handle.toLowerCase() ? user : null;
  }

  private async image(url: string | undefined): Promise<ContentImage | null> {
    if (!url || !/^https?:\/\//.test(url)) return null;
    const image = await this.api.download(url, MAX_COVER_BYTES);
    const extension = image ? COVER_TYPES[image.contentType.split(';')[0]!.trim().toLowerCase()] : undefined;
    return image && extension ? { body: image.body, extension } : null;
  }
}
