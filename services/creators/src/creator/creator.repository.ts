import type { AudienceMinimum } from '@backtalk/proto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction } from '@backtalk/kit';
import { Repository } from 'typeorm';
import { CreatorEntity } from './creator.entity';

/** Demo creators belong to no user: their records' owner. */
export const DEMO_OWNER = 'system';

/** A demo creator's userId: no user has it, so no session ever owns a demo creator. */
export function demoUserIdOf(handle: string): string {
  return `demo:${handle}`;
}

/** Creators are public profiles (spec §6: any signed-in user reads them), so reads take no owner. */
@Injectable()
export class CreatorRepository {
  constructor(@InjectRepository(CreatorEntity) private readonly creators: Repository<CreatorEntity>) {}

  list(filter: { demoAccount?: boolean } = {}): Promise<CreatorEntity[]> {
    return this.creators.find({
      where: filter.demoAccount === undefined ? {} : { demoAccount: filter.demoAccount },
      order: { featured: 'DESC', createdAt: 'ASC' },
    });
  }

  findById(id: string): Promise<CreatorEntity | null> {
    return this.creators.findOneBy({ id });
  }

  findByHandle(handle: string): Promise<CreatorEntity | null> {
    return this.creators.findOneBy({ handle: handle.toLowerCase() });
  }

  /** The creator profile a user owns; the oldest one if a demo user holds several. */
  findByUserId(userId: string): Promise<CreatorEntity | null> {
    return this.creators.findOne({ where: { userId }, order: { createdAt: 'ASC' } });
  }

  /** The featured creator, else the oldest demo account, else the oldest creator. */
  findFeatured(): Promise<CreatorEntity | null> {
    return this.creators.findOne({
      where: {},
      order: { featured: 'DESC', demoAccount: 'DESC', createdAt: 'ASC' },
    });
  }

  /**
   * Pauses (a time) or resumes (null) a persona; pausing one already paused keeps its time, so
   * setting the same state again announces the same change (docs/safety.md, "Reports").
   */
  async setPaused(id: string, paused: boolean): Promise<CreatorEntity | null> {
    await this.creators
      .createQueryBuilder()
      .update()
      .set({ pausedAt: () => (paused ? 'coalesce("pausedAt", now())' : 'NULL') })
      .where('id = :id', { id })
      .execute();
    return this.findById(id);
  }

  /** Sets the youngest fans the creator's chat is for (docs/safety.md, "Age"). */
  async setAudienceMinimum(id: string, audienceMinimum: AudienceMinimum): Promise<void> {
    await this.creators.update({ id }, { audienceMinimum });
  }

  /** The creator, locked (`FOR UPDATE`) until the caller's transaction ends. */
  findForUpdate(transaction: Transaction, id: string): Promise<CreatorEntity | null> {
    return managerOf(transaction).findOne(CreatorEntity, {
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** What an initialisation run writes to its creator, in the run's transaction. */
  async updateInitialised(
    transaction: Transaction,
    id: string,
    change: Partial<Pick<CreatorEntity, 'initComplete' | 'nickName' | 'bio' | 'thumb' | 'essencePrompt'>>,
  ): Promise<void> {
    await managerOf(transaction).update(CreatorEntity, { id }, change);
  }

  /** A profile already belongs to a creator (by its TikTok id or its handle). */
  async profileTaken(secUid: string, handle: string): Promise<CreatorEntity | null> {
    return this.creators.findOne({ where: [{ secUid }, { handle: handle.toLowerCase() }] });
  }

  /** A verified creator, not yet initialised; the unique indexes on handle and secUid refuse a second claim. */
  async insertVerified(
    creator: Pick<
      CreatorEntity,
      'userId' | 'handle' | 'secUid' | 'bio' | 'nickName' | 'thumb' | 'followerCount'
    >,
    transaction: Transaction,
  ): Promise<CreatorEntity> {
    const manager = managerOf(transaction);
    return manager.save(
      manager.create(CreatorEntity, {
        ...creator,
        owner: creator.userId,
        tiktokURL: `https://www.tiktok.com/@${creator.handle}`,
        essencePrompt: '',
        creatorPrompt: '',
        demoAccount: false,
        featured: false,
        initComplete: false,
        verifiedAt: new Date(),
      }),
    );
  }

  /**
   * A demo creator an admin made from a profile (the admin demo flow), not yet initialised. Like
   * the seeded ones it belongs to no user: owner `system`, userId `demo:<handle>`
   * (docs/creators.md, "Admin demo accounts"). The unique indexes on handle and secUid refuse a
   * profile that is already a creator.
   */
  insertDemo(
    creator: Pick<CreatorEntity, 'handle' | 'secUid' | 'bio' | 'nickName' | 'thumb' | 'followerCount'>,
    transaction: Transaction,
  ): Promise<CreatorEntity> {
    const manager = managerOf(transaction);
    return manager.save(
      manager.create(CreatorEntity, {
        ...creator,
        owner: DEMO_OWNER,
        userId: demoUserIdOf(creator.handle),
        tiktokURL: `https://www.tiktok.com/@${creator.handle}`,
        essencePrompt: '',
        creatorPrompt: '',
        demoAccount: true,
        featured: false,
        initComplete: false,
        verifiedAt: null,
      }),
    );
  }

  /**
   * A demo creator from the fixtures: inserted, or updated by handle. Its prompt is written only
   * when the creator is created — an admin may have edited it since (prompt versions), and a
   * restart must not undo that. Returns the stored row.
   */
  async seedByHandle(
    creator: Omit<
      CreatorEntity,
      'id' | 'createdAt' | 'initComplete' | 'verifiedAt' | 'pausedAt' | 'audienceMinimum'
    >,
  ): Promise<CreatorEntity> {
    const updated = Object.keys(creator)
      .filter((property) => property !== 'handle' && property !== 'creatorPrompt')
      .map((property) => this.creators.metadata.findColumnWithPropertyPath(property)!.databaseName);
    await this.creators
      .createQueryBuilder()
      .insert()
      .values(creator)
      .orUpdate(updated, ['handle'], { skipUpdateIfNoValuesChanged: true })
      .execute();
    const stored = await this.findByHandle(creator.handle);
    if (!stored) throw new Error(`Creator ${creator.handle} vanished after upsert`);
    return stored;
  }
}
