import { Injectable, Logger } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { Events } from '@backtalk/proto';
import { CreatorRepository, DEMO_OWNER, demoUserIdOf } from '../creator/creator.repository';
import { handleFromTiktokUrl } from '../creator/creator-handle';
import { PostRepository } from '../post/post.repository';
import { renderDemoCover, svgToDataUrl } from './cover-image';
import { renderDemoAvatar } from './demo-avatar';
import { loadDemoFixtures } from './demo-fixtures';

/**
 * Seeds the fictional demo creators and their posts. Idempotent: creators
 * are keyed by handle and posts by awemeId, so a restart changes nothing.
 * A creator whose posts did change is announced with `creators.posts.changed`,
 * so ingestion indexes them.
 */
@Injectable()
export class SeedDemoAccounts {
  private readonly logger = new Logger(SeedDemoAccounts.name);

  constructor(
    private readonly creators: CreatorRepository,
    private readonly posts: PostRepository,
    private readonly client: ServiceClient,
  ) {}

  async execute(): Promise<{ creators: number; posts: number }> {
    let postCount = 0;
    const fixtures = loadDemoFixtures();
    for (const fixture of fixtures) {
      const { creator } = fixture;
      const handle = handleFromTiktokUrl(creator.tiktokURL);
      const stored = await this.creators.seedByHandle({
        owner: DEMO_OWNER,
        userId: demoUserIdOf(handle),
        tiktokURL: creator.tiktokURL,
        handle,
        secUid: null,
        bio: creator.bio,
        nickName: creator.nickName,
        thumb: svgToDataUrl(renderDemoAvatar(creator.nickName, creator.accentColor)),
        essencePrompt: creator.essencePrompt,
        creatorPrompt: creator.creatorPrompt,
        demoAccount: true,
        featured: fixture.featured,
        followerCount: creator.followerCount,
      });
      const versionBefore = await this.posts.version(stored.id);
      await this.posts.upsertMany(
        fixture.posts.map((post, index) => ({
          owner: DEMO_OWNER,
          creatorId: stored.id,
          videoUrl: `https://www.tiktok.com/@${handle}/video/${post.awemeId}`,
          captionUrl: '',
          caption: post.caption,
          desc: post.desc,
          transcript: post.transcript,
          tikTokCreatedAt: new Date(post.tikTokCreatedAt),
          awemeId: post.awemeId,
          s3Path: null,
          coverS3Path: null,
          s3CoverPublicUrl: svgToDataUrl(
            renderDemoCover({
              caption: post.caption,
              nickName: creator.nickName,
              accentColor: creator.accentColor,
              index,
              handle,
            }),
          ),
        })),
      );
      if ((await this.posts.version(stored.id)) !== versionBefore) {
        await this.client.emit(Events.CreatorsPostsChanged, { creatorId: stored.id });
      }
      postCount += fixture.posts.length;
    }
    this.logger.log(`Demo data ready: ${fixtures.length} creators, ${postCount} posts`);
    return { creators: fixtures.length, posts: postCount };
  }
}
