import { Injectable } from '@nestjs/common';
import type { ContentProfile } from '@backtalk/proto';
import type { ContentProvider } from './content-provider';
import type { DataExportProfileEntity } from './data-export-profile.entity';
import { DataExportProfileRepository } from './data-export-profile.repository';

/**
 * The profile from the data export this user imported. Always available (it needs no
 * configuration), but not trusted: the file comes from the user, so it supplies content and
 * never proves who owns a profile.
 */
@Injectable()
export class DataExportContentProvider implements ContentProvider {
  readonly name = 'data-export' as const;
  readonly trusted = false;

  constructor(private readonly profiles: DataExportProfileRepository) {}

  configured(): boolean {
    return true;
  }

  async profile(handle: string, userId: string): Promise<ContentProfile | null> {
    const stored = await this.profiles.findOwn(userId);
    if (!stored || stored.handle !== handle.toLowerCase()) return null;
    return toDataExportProfile(stored);
  }
}

/** An imported profile as the port answers it (its ids are the handle's: an export carries none). */
export function toDataExportProfile(stored: DataExportProfileEntity): ContentProfile {
  return {
    provider: 'data-export',
    handle: stored.handle,
    nickName: stored.nickName,
    bio: stored.bio,
    followerCount: stored.followerCount,
    avatarUrl: stored.avatarUrl,
    secUid: `data-export:${stored.handle}`,
    tikTokUserId: `data-export:${stored.handle}`,
  };
}
