import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ForbiddenError, ServiceError } from '@backtalk/kit';
import { ErrorCode, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { CreatorRepository } from '../creator/creator.repository';
import { DigestRepository } from './digest.repository';
import { creatorOfToken } from './unsubscribe-token';

/** The weekly digest's setting: the creator's own user only; the email's link turns it off. */
@Controller()
export class DigestController {
  constructor(
    private readonly creators: CreatorRepository,
    private readonly digests: DigestRepository,
  ) {}

  @MessagePattern(Subjects.CreatorsDigestSettingGet)
  async get(
    @Payload() { actor }: ParsedRequestOf<typeof Subjects.CreatorsDigestSettingGet>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsDigestSettingGet>> {
    const creatorId = await this.ownCreatorId(actor);
    return { weeklyDigest: await this.digests.weeklyDigest(creatorId) };
  }

  @MessagePattern(Subjects.CreatorsDigestSettingSet)
  async set(
    @Payload() { actor, weeklyDigest }: ParsedRequestOf<typeof Subjects.CreatorsDigestSettingSet>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsDigestSettingSet>> {
    const creatorId = await this.ownCreatorId(actor);
    await this.digests.setWeeklyDigest(creatorId, weeklyDigest);
    return { weeklyDigest };
  }

  /** No sign-in: the signed token names the creator. A token not signed here is 400, and changes nothing. */
  @MessagePattern(Subjects.CreatorsDigestUnsubscribe)
  async unsubscribe(
    @Payload() { token }: ParsedRequestOf<typeof Subjects.CreatorsDigestUnsubscribe>,
  ): Promise<ReplyOf<typeof Subjects.CreatorsDigestUnsubscribe>> {
    // No secret yet means no link was ever signed; a bad token then changes nothing, not even that.
    const secret = await this.digests.existingSecret();
    const creatorId = secret ? creatorOfToken(secret, token) : null;
    if (!creatorId || !(await this.digests.creator(creatorId)))
      throw new ServiceError(
        ErrorCode.ValidationFailed,
        'This unsubscribe link is not valid. Turn the weekly digest off on your payments page instead.',
      );
    await this.digests.setWeeklyDigest(creatorId, false);
    return { weeklyDigest: false };
  }

  private async ownCreatorId(actor: { userId: string; userType: string }): Promise<string> {
    if (actor.userType !== 'authenticated')
      throw new ForbiddenError('Sign in with your creator account to change the weekly digest.');
    const creator = await this.creators.findByUserId(actor.userId);
    if (!creator) throw new ServiceError(ErrorCode.CreatorNotFound);
    return creator.id;
  }
}
