import { Injectable, Logger } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { type ContentProfile, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { QueryFailedError } from 'typeorm';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';
import type { CreatorVerificationKeyEntity } from './creator-verification-key.entity';
import { CreatorVerificationKeyRepository } from './creator-verification-key.repository';
import { MINIMUM_FOLLOWERS, handleOf } from './verification-key.format';

type Reply = ReplyOf<typeof Subjects.CreatorsVerificationCheck>;
const UNIQUE_VIOLATION = '23505';

/**
 * Spec §7 fetchTiktokProfileFunc: reads the live profile of the caller's key and decides. The
 * key must be in the bio of the same TikTok account it was generated for (NOT_VERIFIED
 * otherwise), and the account must have 2500 followers or more (FOLLOWER_UNDER_2500). On
 * VERIFIED the caller becomes a creator: the Creator record (not initialised yet) and the
 * user's creator flag in identity. Checking again after VERIFIED repairs a half-done step.
 */
@Injectable()
export class CheckVerification {
  private readonly logger = new Logger(CheckVerification.name);

  constructor(
    private readonly keys: CreatorVerificationKeyRepository,
    private readonly creators: CreatorRepository,
    private readonly client: ServiceClient,
  ) {}

  async execute({ actor }: ParsedRequestOf<typeof Subjects.CreatorsVerificationCheck>): Promise<Reply> {
    if (actor.userType !== 'authenticated') throw CreatorError.guestsCannotVerify();
    const key = await this.keys.findOwn(actor.userId);
    if (!key) throw CreatorError.noVerificationKey();
    const profile = await this.client.request(Subjects.IngestionProfileGet, {
      handle: handleOf(key.tikTokUserId),
      userId: actor.userId,
    });
    if (key.verified) return this.becomeCreator(key, profile);
    if (profile.secUid !== key.secUid || !profile.bio.includes(key.key)) {
      await this.keys.recordOutcome(actor.userId, { verified: false, followerCount2500: null });
      return { outcome: 'NOT_VERIFIED', creatorId: null };
    }
    if (profile.followerCount < MINIMUM_FOLLOWERS) {
      await this.keys.recordOutcome(actor.userId, { verified: false, followerCount2500: false });
      return { outcome: 'FOLLOWER_UNDER_2500', creatorId: null };
    }
    return this.becomeCreator(key, profile);
  }

  private async becomeCreator(key: CreatorVerificationKeyEntity, profile: ContentProfile): Promise<Reply> {
    const creator =
      (await this.creators.findByUserId(key.userId)) ??
      (await this.keys
        .transaction(async (manager) => {
          await this.keys.recordOutcome(key.userId, { verified: true, followerCount2500: true }, manager);
          return this.creators.insertVerified(
            {
              userId: key.userId,
              handle: profile.handle,
              secUid: profile.secUid,
              bio: profile.bio,
              nickName: profile.nickName,
              thumb: profile.avatarUrl,
              followerCount: profile.followerCount,
            },
            manager,
          );
        })
        .catch((error: unknown) => {
          // A unique index: another user's creator or verified key holds this profile or handle.
          if (
            error instanceof QueryFailedError &&
            (error.driverError as { code?: string }).code === UNIQUE_VIOLATION
          ) {
            throw CreatorError.profileClaimed();
          }
          throw error;
        }));
    await this.client.request(Subjects.IdentityUserMarkCreator, { userId: key.userId });
    this.logger.log(`User ${key.userId} verified @${creator.handle} and is now creator ${creator.id}`);
    return { outcome: 'VERIFIED', creatorId: creator.id };
  }
}
