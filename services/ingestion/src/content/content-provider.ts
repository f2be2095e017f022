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
}

export const CONTENT_PROVIDERS = Symbol('CONTENT_PROVIDERS');
