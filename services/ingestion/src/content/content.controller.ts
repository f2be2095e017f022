import { Controller, Inject, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { askProviders } from './ask-providers';
import { CONTENT_PROVIDERS, type ContentProvider } from './content-provider';
import { ContentError } from './content.errors';
import { DataExportProblem, parseDataExport } from './data-export.archive';
import { toDataExportProfile } from './data-export-content.provider';
import { DataExportProfileRepository } from './data-export-profile.repository';

@Controller()
export class ContentController {
  private readonly logger = new Logger(ContentController.name);

  constructor(
    @Inject(CONTENT_PROVIDERS) private readonly providers: ContentProvider[],
    private readonly exports: DataExportProfileRepository,
  ) {}

  /**
   * Internal (creators asks it for verification): the live profile of a handle from the first
   * configured provider that proves ownership and knows it.
   */
  @MessagePattern(Subjects.IngestionProfileGet)
  async profile(
    @Payload() { handle, userId }: ParsedRequestOf<typeof Subjects.IngestionProfileGet>,
  ): Promise<ReplyOf<typeof Subjects.IngestionProfileGet>> {
    return askProviders(
      this.providers.filter((provider) => provider.trusted),
      handle,
      (provider) => provider.profile(handle, userId),
      this.logger,
    );
  }

  /** Which providers this installation has, so the verify screen can say which ones it offers. */
  @MessagePattern(Subjects.IngestionProviderList)
  providerList(): ReplyOf<typeof Subjects.IngestionProviderList> {
    return {
      providers: this.providers.map((provider) => ({
        name: provider.name,
        configured: provider.configured(),
      })),
    };
  }

  /**
   * The profile part of the caller's own data export; a malformed archive stores nothing. Guests
   * are refused, as on every other onboarding route (spec §6: the owning service decides).
   */
  @MessagePattern(Subjects.IngestionDataExportImport)
  async importDataExport(
    @Payload() { actor, archive }: ParsedRequestOf<typeof Subjects.IngestionDataExportImport>,
  ): Promise<ReplyOf<typeof Subjects.IngestionDataExportImport>> {
    if (actor.userType !== 'authenticated') throw ContentError.guestsCannotImport();
    let parsed;
    try {
      parsed = parseDataExport(archive);
    } catch (error) {
      if (error instanceof DataExportProblem) throw ContentError.invalidExport(error.message);
      throw error;
    }
    return toDataExportProfile(await this.exports.save({ userId: actor.userId, ...parsed }));
  }
}
