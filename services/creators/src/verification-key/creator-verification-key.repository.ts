import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerOf, type Transaction } from '@backtalk/kit';
import { Repository } from 'typeorm';
import { CreatorVerificationKeyEntity } from './creator-verification-key.entity';

/** Keys are the user's own records: every read takes the owner's id. */
@Injectable()
export class CreatorVerificationKeyRepository {
  constructor(
    @InjectRepository(CreatorVerificationKeyEntity)
    private readonly keys: Repository<CreatorVerificationKeyEntity>,
  ) {}

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
    transaction?: Transaction,
  ): Promise<void> {
    await (transaction ? managerOf(transaction) : this.keys.manager).update(
      CreatorVerificationKeyEntity,
      { userId },
      outcome,
    );
  }
}
