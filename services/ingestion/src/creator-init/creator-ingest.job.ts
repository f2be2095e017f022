import { Inject, Injectable, Logger } from '@nestjs/common';
import { generateEssence } from '@backtalk/ai';
import {
  type DurableDelivery,
  DurableHandler,
  ServiceClient,
  ServiceError,
  UnprocessableMessageError,
  safePostLink,
} from '@backtalk/kit';
import {
  type ContentProfile,
  CREATOR_INIT_LAST_STEP,
  CREATOR_INIT_STATUSES,
  type CreatorIngestRequested,
  DurableSubjects,
  httpStatusFor,
  type PostUpsert,
  Subjects,
} from '@backtalk/proto';
import { createHash } from 'node:crypto';
import { webVttToText, WebVttError } from '../captions/webvtt';
import { CONTENT_PROVIDERS, type ContentProvider, type ContentVideo } from '../content/content-provider';
import type { IngestJobEntity } from '../ingest-job/ingest-job.entity';
import { IngestJobRepository } from '../ingest-job/ingest-job.repository';
import { IngestionConfig } from '../ingestion.config';
import { MediaObjectRepository } from '../media-object/media-object.repository';
import { contentTypeOf, OBJECT_STORAGE, type ObjectStorage } from '../object-storage/object-storage';
import { IndexCreatorPosts } from '../post-index/index-creator-posts.use-case';
import { ESSENCE_MODEL } from './essence-model.provider';

/** Where a creator's files go (spec §9 prefixes; docs/creators.md, "Storage layout"). */
const storageKeys = {
  cover: (creatorId: string, awemeId: string, extension: string) =>
    `tiktok-data/${creatorId}/${awemeId}/cover.${extension}`,
  captions: (creatorId: string, awemeId: string) => `tiktok-data/${creatorId}/${awemeId}/captions.vtt`,
  avatar: (creatorId: string, extension: string) => `tiktok-data/${creatorId}/profile/avatar.${extension}`,
  essence: (creatorId: string) => `customai-kb/${creatorId}/essence.md`,
  posts: (creatorId: string) => `customai-kb/${creatorId}/posts.md`,
};

/** The public address of a stored cover (the gateway's media route). */
function mediaUrlOf(key: string): string {
  return `/api/media/${key}`;
}

/** A step failed in a way a retry of the same message cannot fix (the user retries a new run). */
class StepProblem extends Error {}

/** Statuses of a condition that passes by itself: rate limited, unavailable or busy, too slow. */
const PASSING_STATUSES = new Set([429, 503, 504]);

/** An error a later delivery may well not meet: a typed one whose code says busy, unavailable or slow. */
function isPassing(error: unknown): boolean {
  return error instanceof ServiceError && PASSING_STATUSES.has(httpStatusFor(error.code));
}

interface ProcessedVideo {
  video: ContentVideo;
  transcript: string;
  captionKey: string | null;
  coverKey: string | null;
}

/** What a run reads lazily, so a resumed run fetches again only what its next steps need. */
class RunContext {
  private profileRead?: Promise<{ profile: ContentProfile; provider: ContentProvider }>;
  private videosRead?: Promise<ContentVideo[]>;

  constructor(
    private readonly providers: ContentProvider[],
    readonly request: CreatorIngestRequested,
  ) {}

  profile(): Promise<{ profile: ContentProfile; provider: ContentProvider }> {
    this.profileRead ??= this.readProfile();
    return this.profileRead;
  }

  videos(): Promise<ContentVideo[]> {
    this.videosRead ??= this.profile().then(async ({ provider }) => {
      const videos = provider.videos ? await provider.videos(this.request.handle, this.request.userId) : null;
      if (!videos)
        throw new StepProblem(
          `The ${provider.name} provider cannot list the videos of @${this.request.handle}.`,
        );
      return videos;
    });
    return this.videosRead;
  }

  private async readProfile(): Promise<{ profile: ContentProfile; provider: ContentProvider }> {
    for (const provider of this.providers) {
      if (!provider.configured()) continue;
      const profile = await provider.profile(this.request.handle, this.request.userId);
      if (profile) return { profile, provider };
    }
    throw new StepProblem(`We could not find the TikTok profile @${this.request.handle}.`);
  }
}

/**
 * The creator ingestion job (docs/creators.md, "Initialisation pipeline"), taken from ingestion's
 * durable queue: acked when done, delivered again when it fails or its process dies. An init run
 * walks the 13 statuses of spec §4, reporting each to creators, and resumes at the step its
 * `ingest_jobs` row (unique per creator and run) says is next. Every write is keyed (covers and
 * captions by storage key, posts by creator and awemeId, embeddings by post and model), so a step
 * done twice stores nothing twice.
 */
@Injectable()
export class CreatorIngestJob {
  private readonly logger = new Logger(CreatorIngestJob.name);

  constructor(
    private readonly client: ServiceClient,
    @Inject(CONTENT_PROVIDERS) private readonly providers: ContentProvider[],
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(ESSENCE_MODEL) private readonly essenceModel: Parameters<typeof generateEssence>[0],
    private readonly jobs: IngestJobRepository,
    private readonly media: MediaObjectRepository,
    private readonly indexPosts: IndexCreatorPosts,
    private readonly config: IngestionConfig,
  ) {}

  @DurableHandler(DurableSubjects.IngestionCreatorInitRequested)
  async init(request: CreatorIngestRequested, delivery?: DurableDelivery): Promise<void> {
    const job = await this.claim('init', request);
    if (job.state === 'succeeded' || job.state === 'failed') return;
    const run = new RunContext(this.providers, request);
    for (let step = Math.max(job.step, 1); step <= CREATOR_INIT_LAST_STEP; step++) {
      const last = step === CREATOR_INIT_LAST_STEP;
      if (!(await this.report(request, step, last ? 'completed' : 'running'))) {
        await this.jobs.record(job.id, { state: 'failed', error: 'A newer run replaced this one.' });
        this.logger.log(`Init run ${request.runId} of creator ${request.creatorId} was replaced; it stops`);
        return;
      }
      try {
        await this.work(step, run, job);
      } catch (error) {
        const message = describe(error);
        // A passing condition (the model or a service busy, unavailable or slow) is redelivered
        // and resumes this step while the screen keeps showing it running: a failure that fixes
        // itself is not shown, until the last delivery. Anything else is shown at once with Retry
        // (and still redelivered, unless no retry can fix it).
        const shown = !isPassing(error) || (delivery?.deliveries ?? 1) >= this.config.DURABLE_MAX_DELIVERIES;
        this.logger.warn(
          `Init run ${request.runId} failed at '${CREATOR_INIT_STATUSES[step]}'${shown ? '' : ' (retried quietly)'}: ${message}`,
        );
        if (shown) await this.report(request, step, 'failed', message).catch(() => undefined);
        await this.jobs.record(job.id, { error: message });
        if (error instanceof StepProblem) {
          await this.jobs.record(job.id, { state: 'failed' });
          throw new UnprocessableMessageError(message);
        }
        throw error;
      }
      await this.jobs.record(job.id, { step: step + 1, ...(last ? { state: 'succeeded' } : {}) });
    }
    this.logger.log(`Creator ${request.creatorId} initialised (run ${request.runId})`);
  }

  /** Item 5: fetches the creator's videos again and stores the new ones (posts, covers, index). */
  @DurableHandler(DurableSubjects.IngestionCreatorResyncRequested)
  async resync(request: CreatorIngestRequested): Promise<void> {
    const job = await this.claim('resync', request);
    if (job.state === 'succeeded' || job.state === 'failed') return;
    if (job.state === 'queued') await this.jobs.record(job.id, { state: 'running' });
    const run = new RunContext(this.providers, request);
    try {
      const { posts } = await this.client.request(Subjects.CreatorsPostList, {
        creatorId: request.creatorId,
      });
      const known = new Set(posts.map((post) => post.awemeId));
      const fresh = (await run.videos()).filter((video) => !known.has(video.awemeId));
      const processed = await this.processVideos(request.creatorId, fresh);
      if (processed.length > 0) {
        await this.storePosts(request.creatorId, processed);
        await this.indexPosts.execute(request.creatorId);
      }
      await this.jobs.record(job.id, {
        state: 'succeeded',
        step: CREATOR_INIT_LAST_STEP + 1,
        newPosts: processed.length,
        error: null,
      });
      this.logger.log(`Re-sync of creator ${request.creatorId}: ${processed.length} new posts`);
    } catch (error) {
      await this.jobs.record(job.id, { error: describe(error) });
      if (error instanceof StepProblem) {
        await this.jobs.record(job.id, { state: 'failed' });
        throw new UnprocessableMessageError(error.message);
      }
      throw error;
    }
  }

  private async work(step: number, run: RunContext, job: IngestJobEntity): Promise<void> {
    const { creatorId } = run.request;
    switch (step) {
      case 1: // 'Looking up TikTok profile link...'
        await run.profile();
        return;
      case 3: // 'Fetching latest videos...'
        await run.videos();
        return;
      case 5: // 'Processing video data...': captions to text, covers and tracks to object storage
        await this.processVideos(creatorId, await run.videos());
        return;
      case 6: {
        // 'Processed videos. Analyzing content...': the essence, from the posts
        if (job.essencePrompt) return;
        const { profile } = await run.profile();
        const processed = await this.processVideos(creatorId, await run.videos());
        const essence = await generateEssence(this.essenceModel, {
          handle: profile.handle,
          nickName: profile.nickName,
          bio: profile.bio,
          posts: processed.map(({ video, transcript }) => ({ desc: video.desc, transcript })),
        });
        await this.storage.put(storageKeys.essence(creatorId), Buffer.from(essence), contentTypeOf('x.md'));
        await this.storage.put(
          storageKeys.posts(creatorId),
          Buffer.from(personaMaterial(processed)),
          contentTypeOf('x.md'),
        );
        await this.jobs.record(job.id, { essencePrompt: essence });
        job.essencePrompt = essence;
        return;
      }
      case 7: {
        // 'Creating your creator profile...'
        const { profile, provider } = await run.profile();
        const essence = job.essencePrompt ?? (await this.jobs.essenceOf(job.id));
        if (!essence) throw new Error('The essence of this run is missing; it is generated again on retry.');
        await this.client.request(Subjects.CreatorsInitProfileSave, {
          creatorId,
          runId: run.request.runId,
          nickName: profile.nickName,
          bio: profile.bio,
          // Never the provider's URL: fans' browsers load the avatar from Backtalk's own origin.
          thumb: await this.storeAvatar(creatorId, profile, provider),
          essencePrompt: essence,
        });
        return;
      }
      case 9: {
        // 'Uploading your posts...': the Post records, then their embeddings and the index
        const processed = await this.processVideos(creatorId, await run.videos());
        await this.storePosts(creatorId, processed);
        await this.indexPosts.execute(creatorId);
        return;
      }
      default: // an announcement only (2, 4, 8, 10, 11, 12)
        return;
    }
  }

  /** One row per creator and run: a redelivered message finds it and resumes. */
  private async claim(kind: 'init' | 'resync', request: CreatorIngestRequested): Promise<IngestJobEntity> {
    return this.jobs.claim({
      idempotencyKey: `${kind}:${request.creatorId}:${request.runId}`,
      kind,
      creatorId: request.creatorId,
      runId: request.runId,
      owner: request.userId,
      state: 'running',
      step: 1,
    });
  }

  private async report(
    request: CreatorIngestRequested,
    step: number,
    state: 'running' | 'failed' | 'completed',
    error?: string,
  ): Promise<boolean> {
    const { current } = await this.client.request(Subjects.CreatorsInitStatusRecord, {
      creatorId: request.creatorId,
      runId: request.runId,
      step,
      state,
      ...(error ? { error: error.slice(0, 2000) } : {}),
    });
    return current;
  }

  /** Captions to text; covers and caption tracks stored once per key (a second write replaces). */
  private async processVideos(creatorId: string, videos: ContentVideo[]): Promise<ProcessedVideo[]> {
    const processed: ProcessedVideo[] = [];
    for (const video of videos) {
      let transcript = '';
      let captionKey: string | null = null;
      if (video.captionsVtt) {
        try {
          transcript = webVttToText(video.captionsVtt);
        } catch (error) {
          if (!(error instanceof WebVttError)) throw error;
          this.logger.warn(
            `Video ${video.awemeId} of creator ${creatorId}: ${error.message} Its captions are skipped.`,
          );
        }
        captionKey = storageKeys.captions(creatorId, video.awemeId);
        await this.store(creatorId, video.awemeId, 'caption', captionKey, Buffer.from(video.captionsVtt));
      }
      let coverKey: string | null = null;
      if (video.cover) {
        coverKey = storageKeys.cover(creatorId, video.awemeId, video.cover.extension);
        await this.store(creatorId, video.awemeId, 'cover', coverKey, video.cover.body);
      }
      processed.push({ video, transcript, captionKey, coverKey });
    }
    return processed;
  }

  /**
   * The profile's picture, read from the provider and stored like a cover: its media path, or ''
   * (the app's placeholder) when the provider has none or it cannot be had.
   */
  private async storeAvatar(
    creatorId: string,
    profile: ContentProfile,
    provider: ContentProvider,
  ): Promise<string> {
    const image = await provider.avatar?.(profile).catch((error: unknown) => {
      this.logger.warn(`The avatar of creator ${creatorId} could not be read: ${describe(error)}`);
      return null;
    });
    if (!image) return '';
    const key = storageKeys.avatar(creatorId, image.extension);
    await this.store(creatorId, null, 'avatar', key, image.body);
    return mediaUrlOf(key);
  }

  private async store(
    creatorId: string,
    awemeId: string | null,
    kind: 'cover' | 'caption' | 'avatar',
    storageKey: string,
    body: Buffer,
  ): Promise<void> {
    const sha256 = createHash('sha256').update(body).digest('hex');
    const known = await this.media.findByKey(storageKey);
    if (known?.sha256 === sha256 && (await this.storage.get(storageKey))) return;
    const contentType = contentTypeOf(storageKey);
    await this.storage.put(storageKey, body, contentType);
    await this.media.save({
      creatorId,
      postId: awemeId,
      kind,
      storageKey,
      contentType,
      byteSize: body.length,
      sha256,
    });
  }

  private async storePosts(creatorId: string, processed: ProcessedVideo[]): Promise<void> {
    const posts: PostUpsert[] = processed.map(({ video, transcript, captionKey, coverKey }) => ({
      awemeId: video.awemeId,
      desc: video.desc,
      caption: video.desc,
      transcript,
      tikTokCreatedAt: video.createdAt.toISOString(),
      // Only a link to the provider's own host is kept (issue 21 item 17); a fan's browser opens it.
      videoUrl: safePostLink(video.videoUrl),
      captionUrl: captionKey ?? '',
      s3Path: null,
      coverS3Path: coverKey,
      s3CoverPublicUrl: coverKey ? mediaUrlOf(coverKey) : null,
    }));
    for (let at = 0; at < posts.length || at === 0; at += 200) {
      await this.client.request(Subjects.CreatorsPostUpsertMany, {
        creatorId,
        posts: posts.slice(at, at + 200),
      });
      if (posts.length === 0) break;
    }
  }
}

/** The posts as one Markdown document: the persona's knowledge-base material (customai-kb/). */
function personaMaterial(processed: ProcessedVideo[]): string {
  return processed
    .map(
      ({ video, transcript }) =>
        `## ${video.awemeId} (${video.createdAt.toISOString()})\n\n${video.desc}\n\n${transcript}\n`,
    )
    .join('\n');
}

function describe(error: unknown): string {
  if (error instanceof ServiceError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
