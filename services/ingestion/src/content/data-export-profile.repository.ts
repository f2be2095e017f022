import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DataExportProfileEntity } from './data-export-profile.entity';

@Injectable()
export class DataExportProfileRepository {
  constructor(
    @InjectRepository(DataExportProfileEntity) private readonly profiles: Repository<DataExportProfileEntity>,
  ) {}

  findOwn(userId: string): Promise<DataExportProfileEntity | null> {
    return this.profiles.findOneBy({ userId });
  }

  /** Erases the user's imported profile (account deletion); the number of rows removed. */
  async erase(userId: string): Promise<number> {
    return (await this.profiles.delete({ userId })).affected ?? 0;
  }

  async save(profile: Omit<DataExportProfileEntity, 'importedAt'>): Promise<DataExportProfileEntity> {
    await this.profiles.upsert(profile, { conflictPaths: ['userId'] });
    return (await this.findOwn(profile.userId))!;
  }
}
