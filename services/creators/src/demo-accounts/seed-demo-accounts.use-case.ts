import { Injectable, Logger } from '@nestjs/common';
import { afterStartup, DurableQueue, ServiceClient } from '@backtalk/kit';
import { BoundaryRepository } from '../boundary/boundary.repository';
import { CreatorsConfig } from '../creators.config';
import { CreatorRepository, DEMO_OWNER, demoUserIdOf } from '../creator/creator.repository';
import { handleFromTiktokUrl } from '../creator/creator-handle';
import { PostRepository } from '../post/post.repository';
import { announcePostsChanged } from '../post/posts-changed.announcement';
import { renderDemoCover, svgToDataUrl } from './cover-image';
import { renderDemoAvatar } from './demo-avatar';
import { loadDemoFixtures } from './demo-fixtures';

/**
 * Seeds the fictional demo creators, their posts and (DEMO_BOUNDARIES) their example boundaries.
 * Idempotent: creators are keyed by handle, posts by awemeId, and boundaries are set only while a
 * demo creator has none, so a restart changes nothing.
 * A creator whose posts did change is announced once the services have started
 * (`announcePostsChanged`: durably to ingestion, which indexes them).
 */
@Injectable()
export class SeedDemoAccounts {
  private readonly logger = new Logger(SeedDemoAccounts.name);

  constructor(
    private readonly creators: CreatorRepository,
    private readonly posts: PostRepository,
    private readonly boundaries: BoundaryRepository,
    private readonly config: CreatorsConfig,
    private readonly client: ServiceClient,
    private readonly queue: DurableQueue,
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
      // Once, when asked for: what changes on a demo persona afterwards stays.
      if (
        this.config.DEMO_BOUNDARIES &&
        creator.boundaries.length > 0 &&
        (await this.boundaries.list(stored.id)).length === 0
      )
        await this.boundaries.replace(stored.id, creator.boundaries);
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
      const version = await this.posts.version(stored.id);
      if (version !== versionBefore) this.announceAfterStartup(stored.id, version);
      postCount += fixture.posts.length;
    }
    this.logger.log(`Demo data ready: ${fixtures.length} creators, ${postCount} posts`);
    return { creators: fixtures.length, posts: postCount };
  }

  /**
   * Seeding runs while the services start; in standalone mode ingestion's queue takes messages
   * only once it has started too, so the announcement is start-up work. One that fails is
   * repaired by ingestion's fill at start and its hourly reconcile.
   */
  private announceAfterStartup(creatorId: string, version: string): void {
    const announcer = { queue: this.queue, client: this.client, logger: this.logger };
    afterStartup(() =>
      announcePostsChanged(announcer, creatorId, `version:${version}`).catch((error: unknown) =>
        this.logger.warn(`Could not announce the demo posts of creator ${creatorId}: ${String(error)}`),
      ),
    );
  }
}
