import type { ContentProfile, ContentProviderName } from '@backtalk/proto';

/**
 * The content provider port (DESIGN.md "Content"): reads a TikTok profile, live, each time it
 * is asked. `profile` answers null when this provider does not know the handle.
 */
export interface ContentProvider {
  readonly name: ContentProviderName;
  /** Whether this provider is set up here; one that is not is never asked and not offered. */
  configured(): boolean;
  /**
   * Whether a profile from this provider proves who the profile belongs to: a live read of
   * TikTok does; a file the user uploaded does not (anyone can write one).
   */
  readonly trusted: boolean;
  profile(handle: string, userId: string): Promise<ContentProfile | null>;
  /**
   * The profile's videos, newest first (the initialisation pipeline and re-sync read them);
   * null when this provider does not know the handle or cannot list videos.
   */
  videos?(handle: string, userId: string): Promise<ContentVideo[] | null>;
  /**
   * The profile's picture, read from the provider itself (this provider's `profile`), which the
   * pipeline stores and serves from Backtalk's own origin; null when there is none or it cannot be
   * had. A provider without it (a data export anyone can write) leaves the app's placeholder.
   */
  avatar?(profile: ContentProfile): Promise<ContentImage | null>;
}

/** An image a provider read (a cover, an avatar). */
export interface ContentImage {
  body: Buffer;
  extension: 'jpg' | 'png' | 'webp' | 'svg';
}

/** One video as a provider reads it; the pipeline stores its cover and captions itself. */
export interface ContentVideo {
  awemeId: string;
  desc: string;
  createdAt: Date;
  videoUrl: string;
  /** The caption track as WebVTT text, when the video has one. */
  captionsVtt: string | null;
  cover: ContentImage | null;
}

export const CONTENT_PROVIDERS = Symbol('CONTENT_PROVIDERS');
