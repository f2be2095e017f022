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

  async save(profile: Omit<DataExportProfileEntity, 'importedAt'>): Promise<DataExportProfileEntity> {
    await this.profiles.upsert(profile, { conflictPaths: ['userId'] });
    return (await this.findOwn(profile.userId))!;
  }
}
