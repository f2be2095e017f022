import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { CreatorVerificationKeyEntity } from './creator-verification-key.entity';

/** Keys are the user's own records: every read takes the owner's id. */
@Injectable()
export class CreatorVerificationKeyRepository {
  constructor(
    @InjectRepository(CreatorVerificationKeyEntity)
    private readonly keys: Repository<CreatorVerificationKeyEntity>,
  ) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.keys.manager.transaction(work);
  }

  findOwn(userId: string): Promise<CreatorVerificationKeyEntity | null> {
    return this.keys.findOneBy({ userId });
  }

  /** Whether a user other than `userId` holds a verified key for this profile. */
  async claimedByOther(secUid: string, userId: string): Promise<boolean> {
    const row = await this.keys.findOneBy({ secUid, verified: true });
    return row !== null && row.userId !== userId;
  }

  async saveOwn(
    key: Pick<CreatorVerificationKeyEntity, 'userId' | 'key' | 'secUid' | 'tikTokUserId'>,
  ): Promise<CreatorVerificationKeyEntity> {
    await this.keys.upsert(
      { ...key, owner: key.userId, verified: null, followerCount2500: null },
      { conflictPaths: ['userId'] },
    );
    return (await this.findOwn(key.userId))!;
  }

  async recordOutcome(
    userId: string,
    outcome: { verified: boolean; followerCount2500: boolean | null },
    manager: EntityManager = this.keys.manager,
  ): Promise<void> {
    await manager.update(CreatorVerificationKeyEntity, { userId }, outcome);
  }
}
