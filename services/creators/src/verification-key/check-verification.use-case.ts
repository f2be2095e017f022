import { Injectable, Logger } from '@nestjs/common';
import { isUniqueViolation, ServiceClient, ServiceError, UnitOfWork } from '@backtalk/kit';
import {
  type ContentProfile,
  ErrorCode,
  type ParsedRequestOf,
  type ReplyOf,
  Subjects,
} from '@backtalk/proto';
import type { CreatorEntity } from '../creator/creator.entity';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';
import type { CreatorVerificationKeyEntity } from './creator-verification-key.entity';
import { CreatorVerificationKeyRepository } from './creator-verification-key.repository';
import { handleOf } from './verification-key.format';
import { verificationVerdict } from './verification-verdict';

type Reply = ReplyOf<typeof Subjects.CreatorsVerificationCheck>;

/**
 * Spec §7 fetchTiktokProfileFunc: reads what the decision needs — the caller's key, the live
 * profile it names, whether the caller is a creator already and whether another account holds
 * the profile — and acts on verificationVerdict. On VERIFIED the caller becomes a creator: the
 * Creator record (not initialised yet) and the user's creator flag in identity. Checking again
 * after VERIFIED repairs a half-done step.
 */
@Injectable()
export class CheckVerification {
  private readonly logger = new Logger(CheckVerification.name);

  constructor(
    private readonly keys: CreatorVerificationKeyRepository,
    private readonly creators: CreatorRepository,
    private readonly client: ServiceClient,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute({ actor }: ParsedRequestOf<typeof Subjects.CreatorsVerificationCheck>): Promise<Reply> {
    const key = actor.userType === 'authenticated' ? await this.keys.findOwn(actor.userId) : null;
    const lookup = key ? await this.profileOf(key, actor.userId) : null;
    const profile = lookup instanceof ServiceError ? null : lookup;
    const creator = profile ? await this.creators.findByUserId(actor.userId) : null;
    const verdict = verificationVerdict({
      userType: actor.userType,
      key,
      profile: lookup instanceof ServiceError ? { error: lookup.code } : lookup,
      isCreator: creator !== null,
      claimedByOther:
        profile !== null && creator === null && (await this.claimedByOther(profile, actor.userId)),
    });
    if ('error' in verdict) throw lookup instanceof ServiceError ? lookup : refusal(verdict.error);
    if (verdict.outcome === 'NOT_VERIFIED') {
      await this.keys.recordOutcome(actor.userId, { verified: false, followerCount2500: null });
      return { outcome: 'NOT_VERIFIED', creatorId: null };
    }
    if (verdict.outcome === 'FOLLOWER_UNDER_2500') {
      await this.keys.recordOutcome(actor.userId, { verified: false, followerCount2500: false });
      return { outcome: 'FOLLOWER_UNDER_2500', creatorId: null };
    }
    // VERIFIED: the key and the profile were both read.
    return this.becomeCreator(key!, profile!, creator);
  }

  /** The live profile of the key's handle, or the error ingestion answered (PROFILE_NOT_FOUND, …). */
  private profileOf(
    key: CreatorVerificationKeyEntity,
    userId: string,
  ): Promise<ContentProfile | ServiceError> {
    return this.client
      .request(Subjects.IngestionProfileGet, { handle: handleOf(key.tikTokUserId), userId })
      .catch((error: unknown) => {
        if (error instanceof ServiceError) return error;
        throw error;
      });
  }

  /** Whether another user's creator or verified key holds this profile (the caller is no creator). */
  private async claimedByOther(profile: ContentProfile, userId: string): Promise<boolean> {
    return (
      (await this.creators.profileTaken(profile.secUid, profile.handle)) !== null ||
      (await this.keys.claimedByOther(profile.secUid, userId))
    );
  }

  private async becomeCreator(
    key: CreatorVerificationKeyEntity,
    profile: ContentProfile,
    existing: CreatorEntity | null,
  ): Promise<Reply> {
    const creator =
      existing ??
      (await this.unitOfWork
        .run(async (transaction) => {
          await this.keys.recordOutcome(key.userId, { verified: true, followerCount2500: true }, transaction);
          return this.creators.insertVerified(
            {
              userId: key.userId,
              handle: profile.handle,
              secUid: profile.secUid,
              bio: profile.bio,
              nickName: profile.nickName,
              // Not the provider's URL: the pipeline stores the avatar and sets it (docs/creators.md).
              thumb: '',
              followerCount: profile.followerCount,
            },
            transaction,
          );
        })
        .catch((error: unknown) => {
          // A unique index: another user claimed this profile or handle since claimedByOther looked.
          if (isUniqueViolation(error)) throw CreatorError.profileClaimed();
          throw error;
        }));
    await this.client.request(Subjects.IdentityUserMarkCreator, { userId: key.userId });
    this.logger.log(`User ${key.userId} verified @${creator.handle} and is now creator ${creator.id}`);
    return { outcome: 'VERIFIED', creatorId: creator.id };
  }
}

/** The error a refused check answers; a guest is told what to do instead of a bare FORBIDDEN. */
function refusal(code: ErrorCode): CreatorError {
  return code === ErrorCode.Forbidden ? CreatorError.guestsCannotVerify() : new CreatorError(code);
}
