import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { type ContentProfile, Subjects } from '@backtalk/proto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { IngestionConfig } from '../ingestion.config';
import type { ContentProvider } from './content-provider';

/** One profile file in CONTENT_FIXTURES_DIR, named `<handle>.json`. */
const fixtureProfileSchema = z
  .object({
    handle: z.string().regex(/^[\w.-]+$/),
    nickName: z.string().max(200).default(''),
    bio: z.string().max(2000).default(''),
    followerCount: z.number().int().min(0),
    avatarUrl: z.string().max(2000).default(''),
    secUid: z.string().min(1).max(200).optional(),
    tikTokUserId: z.string().min(1).max(200).optional(),
  })
  .strict();

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

  private async fromFile(handle: string): Promise<ContentProfile | null> {
    const folder = this.config.CONTENT_FIXTURES_DIR;
    if (!folder || !/^[\w.-]+$/.test(handle)) return null;
    let text: string;
    try {
      text = await readFile(path.join(folder, `${handle}.json`), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const fixture = fixtureProfileSchema.parse(JSON.parse(text));
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

/** Demo creators are fictional; the creators list does not carry their follower count. */
const DEMO_FOLLOWER_COUNT = 10_000;
