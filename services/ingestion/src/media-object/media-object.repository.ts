import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MediaObjectEntity } from './media-object.entity';

/** `media_objects`: the files ingestion stored, one row per storage key. */
@Injectable()
export class MediaObjectRepository {
  constructor(@InjectRepository(MediaObjectEntity) private readonly media: Repository<MediaObjectEntity>) {}

  findByKey(storageKey: string): Promise<MediaObjectEntity | null> {
    return this.media.findOneBy({ storageKey });
  }

  /** Records the file stored under its key (a second write of the key replaces the record). */
  async save(object: Omit<MediaObjectEntity, 'id' | 'createdAt'>): Promise<void> {
    await this.media.upsert(object, { conflictPaths: ['storageKey'] });
  }
}
