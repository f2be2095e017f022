import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ServiceError, safePostLink } from '@backtalk/kit';
import {
  CREATOR_DATA_MAX_VIDEOS,
  ErrorCode,
  type ParsedRequestOf,
  type ReplyOf,
  Subjects,
} from '@backtalk/proto';
import { CONTENT_PROVIDERS, type ContentProvider } from './content-provider';
import { askProviders } from './ask-providers';

/**
 * /dev/creator-init's 'Get User Data' (spec §2 test mode, §7 getTiktokUserFunc without
 * createDemoAccount): what the initialisation pipeline would read for a handle — the profile and
 * the videos from the first configured provider that knows it, the caller's own data export
 * included — so a developer can check a provider before running the pipeline. Nothing is stored.
 * Signed-in users only (spec §5 'User authentication required. Please log in again.').
 */
@Controller()
export class CreatorDataController {
  private readonly logger = new Logger(CreatorDataController.name);

  constructor(@Inject(CONTENT_PROVIDERS) private readonly providers: ContentProvider[]) {}

  @MessagePattern(Subjects.IngestionCreatorDataGet)
  async get(
    @Payload() { actor, handle }: ParsedRequestOf<typeof Subjects.IngestionCreatorDataGet>,
  ): Promise<ReplyOf<typeof Subjects.IngestionCreatorDataGet>> {
    if (actor.userType === 'guest')
      throw new ServiceError(ErrorCode.Unauthorized, 'User authentication required. Please log in again.');
    return askProviders(
      this.providers,
      handle,
      async (provider) => {
        const profile = await provider.profile(handle, actor.userId);
        if (!profile) return null;
        const videos = (provider.videos ? await provider.videos(handle, actor.userId) : null) ?? [];
        return {
          profile,
          videoCount: videos.length,
          videos: videos.slice(0, CREATOR_DATA_MAX_VIDEOS).map((video) => ({
            awemeId: video.awemeId,
            desc: video.desc,
            createdAt: video.createdAt.toISOString(),
            videoUrl: safePostLink(video.videoUrl),
            hasCaptions: video.captionsVtt !== null,
            hasCover: video.cover !== null,
          })),
        };
      },
      this.logger,
    );
  }
}
