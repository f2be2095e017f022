import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode, type ParsedRequestOf, type ReplyOf, Subjects } from '@backtalk/proto';
import { OBJECT_STORAGE, type ObjectStorage, isStorageKey } from '../object-storage/object-storage';

/**
 * Covers for the browser (`GET /api/media/tiktok-data/…`): only `tiktok-data/` is public — what
 * TikTok shows anyway; persona material under `customai-kb/` never leaves the platform.
 */
@Controller()
export class MediaController {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  @MessagePattern(Subjects.IngestionMediaGet)
  async get(
    @Payload() { key }: ParsedRequestOf<typeof Subjects.IngestionMediaGet>,
  ): Promise<ReplyOf<typeof Subjects.IngestionMediaGet>> {
    if (!key.startsWith('tiktok-data/') || !isStorageKey(key)) throw notFound();
    const found = await this.storage.get(key);
    if (!found) throw notFound();
    return { contentType: found.contentType, base64: found.body.toString('base64') };
  }
}

function notFound(): ServiceError {
  return new ServiceError(ErrorCode.NotFound, 'This file was not found.');
}
