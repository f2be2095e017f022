import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { type ContentProfile, Subjects } from '@backtalk/proto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IngestionConfig } from '../ingestion.config';
import type { ContentImage, ContentProvider, ContentVideo } from './content-provider';

/** One profile file in CONTENT_FIXTURES_DIR, named `<handle>.json`. */
const fixtureProfileSchema = z
  .object({
    handle: z.string().regex(/^[\w.-]+$/),
    nickName: z.string().max(200).default(''),
    bio: z.string().max(2000).default(''),
    followerCount: z.number().int().min(0),
    /** Accepted for old files, never fetched nor stored: the avatar is `avatarFile`. */
    avatarUrl: z.string().max(2000).default(''),
    /** The profile picture, an image file in CONTENT_FIXTURES_DIR (a plain file name). */
    avatarFile: z
      .string()
      .regex(/^[\w.-]+\.(jpg|png|webp|svg)$/)
      .optional(),
    secUid: z.string().min(1).max(200).optional(),
    tikTokUserId: z.string().min(1).max(200).optional(),
    /** The profile's videos for the initialisation pipeline (docs/creators.md, "Fixture files"). */
    videos: z
      .array(
        z
          .object({
            id: z.string().regex(/^[\w-]{1,64}$/),
            desc: z.string().max(2200).default(''),
            createTime: z.string().datetime({ offset: true }),
            videoUrl: z.string().max(2000).optional(),
            /** WebVTT caption track text. */
            captions: z.string().max(200_000).optional(),
            /** A cover image file in CONTENT_FIXTURES_DIR (a plain file name). */
            coverFile: z
              .string()
              .regex(/^[\w.-]+\.(jpg|png|webp|svg)$/)
              .optional(),
          })
          .strict(),
      )
      .max(500)
      .default([]),
  })
  .strict();

/** The largest image (cover, avatar) a fixture may name. */
const MAX_COVER_BYTES = 512 * 1024;

/**
 * The local fixture provider, on when CONTENT_FIXTURES_DIR is set (standalone sets it): the
 * seeded demo creators (read from creators), and profiles a
 * developer or a test writes as JSON files into CONTENT_FIXTURES_DIR. Files are read on every
 * request, never cached, so editing a bio is seen at once. A broken file is an error, not an
 * absent profile, so a typo is noticed.
 */
@Injectable()
export class FixtureContentProvider implements ContentProvider {
  readonly name = 'fixture' as const;
  readonly trusted = true;

  constructor(
    private readonly config: IngestionConfig,
    private readonly client: ServiceClient,
  ) {}

  configured(): boolean {
    return this.config.CONTENT_FIXTURES_DIR !== undefined;
  }

  async profile(handle: string): Promise<ContentProfile | null> {
    const wanted = handle.toLowerCase();
    return (await this.fromFile(wanted)) ?? (await this.fromDemoCreators(wanted));
  }

  /** The fixture file's videos, newest first; demo creators' posts are seeded by creators. */
  async videos(handle: string): Promise<ContentVideo[] | null> {
    const fixture = await this.readFixture(handle.toLowerCase());
    if (!fixture) return null;
    const folder = this.config.CONTENT_FIXTURES_DIR!;
    const videos: ContentVideo[] = [];
    for (const video of fixture.videos) {
      const cover = video.coverFile ? await readImage(folder, video.coverFile) : null;
      videos.push({
        awemeId: video.id,
        desc: video.desc,
        createdAt: new Date(video.createTime),
        videoUrl:
          video.videoUrl ?? `https://www.tiktok.com/@${fixture.handle.toLowerCase()}/video/${video.id}`,
        captionsVtt: video.captions ?? null,
        cover,
      });
    }
    return videos.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** The file's `avatarFile`; demo creators' avatars are drawn by creators. */
  async avatar(profile: ContentProfile): Promise<ContentImage | null> {
    const fixture = await this.readFixture(profile.handle);
    return fixture?.avatarFile ? readImage(this.config.CONTENT_FIXTURES_DIR!, fixture.avatarFile) : null;
  }

  private async readFixture(handle: string): Promise<z.infer<typeof fixtureProfileSchema> | null> {
    const folder = this.config.CONTENT_FIXTURES_DIR;
    if (!folder || !/^[\w.-]+$/.test(handle)) return null;
    let text: string;
    try {
      text = await readFile(path.join(folder, `${handle}.json`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return fixtureProfileSchema.parse(JSON.parse(text));
  }

  private async fromFile(handle: string): Promise<ContentProfile | null> {
    const fixture = await this.readFixture(handle);
    if (!fixture) return null;
    return {
      provider: this.name,
      handle: fixture.handle.toLowerCase(),
      nickName: fixture.nickName,
      bio: fixture.bio,
      followerCount: fixture.followerCount,
      avatarUrl: fixture.avatarUrl,
      secUid: fixture.secUid ?? `fixture:${fixture.handle.toLowerCase()}`,
      tikTokUserId: fixture.tikTokUserId ?? `fixture:${fixture.handle.toLowerCase()}`,
    };
  }

  private async fromDemoCreators(handle: string): Promise<ContentProfile | null> {
    const { creators } = await this.client.request(Subjects.CreatorsCreatorList, { demoAccount: true });
    const creator = creators.find((candidate) => candidate.handle === handle);
    if (!creator) return null;
    return {
      provider: this.name,
      handle: creator.handle,
      nickName: creator.nickName,
      bio: creator.bio,
      followerCount: DEMO_FOLLOWER_COUNT,
      avatarUrl: creator.thumb,
      secUid: `demo:${creator.handle}`,
      tikTokUserId: `demo:${creator.handle}`,
    };
  }
}

/** An image file of the fixture folder (a cover or an avatar), at most 512 kB. */
async function readImage(folder: string, file: string): Promise<ContentImage> {
  const body = await readFile(path.join(folder, file));
  if (body.length > MAX_COVER_BYTES) throw new Error(`${file} is larger than 512 kB`);
  return { body, extension: file.split('.').pop() as ContentImage['extension'] };
}

/** Demo creators are fictional; the creators list does not carry their follower count. */
const DEMO_FOLLOWER_COUNT = 10_000;
