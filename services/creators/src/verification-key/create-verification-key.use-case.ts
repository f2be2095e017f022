import { Injectable } from '@nestjs/common';
import { ServiceClient } from '@backtalk/kit';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository } from '../creator/creator.repository';
import { CreatorVerificationKeyRepository } from './creator-verification-key.repository';
import { handleOf, newVerificationKey } from './verification-key.format';

/**
 * Spec §7 createCreatorVerificationKeyFunc: a key for the caller to put in the bio of the
 * profile they name. The profile must exist (its TikTok id is bound to the key) and must not
 * belong to a creator already. Asking again for the same profile gives the same key; naming
 * another profile replaces the key, until one is verified.
 */
@Injectable()
export class CreateVerificationKey {
  constructor(
    private readonly keys: CreatorVerificationKeyRepository,
    private readonly creators: CreatorRepository,
    private readonly client: ServiceClient,
  ) {}

  async execute({
    actor,
    tikTokUserId,
  }: ParsedRequestOf<typeof Subjects.CreatorsVerificationKeyCreate>): Promise<
    ReplyOf<typeof Subjects.CreatorsVerificationKeyCreate>
  > {
    if (actor.userType !== 'authenticated') throw CreatorError.guestsCannotVerify();
    const existing = await this.keys.findOwn(actor.userId);
    if (existing?.verified || (await this.creators.findByUserId(actor.userId))) {
      throw CreatorError.alreadyVerified();
    }
    const handle = handleOf(tikTokUserId);
    const profile = await this.client.request(Subjects.IngestionProfileGet, { handle, userId: actor.userId });
    if (
      (await this.creators.profileTaken(profile.secUid, profile.handle)) ||
      (await this.keys.claimedByOther(profile.secUid, actor.userId))
    ) {
      throw CreatorError.profileClaimed();
    }
    const sameProfile = existing?.secUid === profile.secUid;
    const stored = await this.keys.saveOwn({
      userId: actor.userId,
      key: sameProfile ? existing.key : newVerificationKey(),
      secUid: profile.secUid,
      tikTokUserId: `@${profile.handle}`,
    });
    return { type: 'NOT_VERIFIED_KEY_GENERATED', key: stored.key, tikTokUserId: stored.tikTokUserId };
  }
}
