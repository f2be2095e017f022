import { Injectable, Logger } from '@nestjs/common';
import { isUniqueViolation, ServiceClient, ServiceError, UnitOfWork } from '@backtalk/kit';
import {
  ErrorCode,
  handleFromTiktokProfileUrl,
  type InitStatus,
  isAdmin,
  type ParsedRequestOf,
  Subjects,
} from '@backtalk/proto';
import { CreatorError } from '../creator/creator.errors';
import { CreatorRepository, demoUserIdOf } from '../creator/creator.repository';
import { CreatorInitService } from './creator-init.service';

/**
 * Spec §7 getTiktokUserFunc with createDemoAccount, §6 Admin: an admin makes a demo creator of a
 * TikTok profile (docs/creators.md, "Admin demo accounts"). The profile must be one a configured
 * content provider knows and not already a creator; then, in one transaction, the demo creator
 * (not initialised) and its first initialisation run, handed to the same ingestion pipeline a
 * verified creator goes through. Anything refused stores nothing.
 */
@Injectable()
export class CreateDemoAccount {
  private readonly logger = new Logger(CreateDemoAccount.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly creators: CreatorRepository,
    private readonly init: CreatorInitService,
    private readonly client: ServiceClient,
  ) {}

  async execute({
    actor,
    tiktokURL,
  }: ParsedRequestOf<typeof Subjects.CreatorsDemoAccountCreate>): Promise<InitStatus> {
    if (!isAdmin(actor) || actor.userType !== 'authenticated') {
      throw new ServiceError(ErrorCode.Forbidden, 'Only admins can create demo accounts.');
    }
    const handle = handleFromTiktokProfileUrl(tiktokURL);
    // The schema already refused such a link; this keeps the type honest.
    if (!handle) throw new ServiceError(ErrorCode.ValidationFailed, 'This is not a TikTok profile link.');
    if (await this.creators.findByHandle(handle)) throw CreatorError.alreadyACreator(handle);
    // PROFILE_NOT_FOUND (404) when no configured provider knows the handle.
    const profile = await this.client.request(Subjects.IngestionProfileGet, {
      handle,
      userId: demoUserIdOf(handle),
    });
    const status = await this.unitOfWork
      .run(async (transaction) => {
        const creator = await this.creators.insertDemo(
          {
            handle: profile.handle,
            secUid: profile.secUid,
            bio: profile.bio,
            nickName: profile.nickName || profile.handle,
            // Not the provider's URL: the pipeline stores the avatar and sets it (docs/creators.md).
            thumb: '',
            followerCount: profile.followerCount,
          },
          transaction,
        );
        return this.init.startRun(transaction, creator);
      })
      .catch((error: unknown) => {
        // A unique index: the handle or the TikTok id became a creator's in the meantime.
        if (isUniqueViolation(error)) throw CreatorError.alreadyACreator(handle);
        throw error;
      });
    this.logger.log(`Admin ${actor.userId} created demo creator ${status.creatorId} (@${handle})`);
    return status;
  }
}
