import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { FeatureFlagEntity, type FlagEnvironment } from './feature-flag.entity';

@Injectable()
export class FeatureFlagRepository {
  constructor(@InjectRepository(FeatureFlagEntity) private readonly flags: Repository<FeatureFlagEntity>) {}

  findByName(name: string, environment: FlagEnvironment): Promise<FeatureFlagEntity | null> {
    return this.flags.findOneBy({ name, environment });
  }

  findById(id: string): Promise<FeatureFlagEntity | null> {
    return this.flags.findOneBy({ id });
  }

  list(environment?: FlagEnvironment): Promise<FeatureFlagEntity[]> {
    return this.flags.find({
      where: environment ? { environment } : {},
      order: { name: 'ASC', environment: 'ASC' },
    });
  }

  /** Creates the flag unless one of that name and environment exists (replicas may race). */
  async createIfAbsent(
    flag: Pick<FeatureFlagEntity, 'name' | 'environment' | 'enabled' | 'description' | 'owner'>,
  ): Promise<void> {
    await this.flags
      .createQueryBuilder()
      .insert()
      .values({ ...flag, lastUpdatedBy: null })
      .orIgnore()
      .execute();
  }

  async setEnabled(id: string, enabled: boolean, updatedBy: string): Promise<FeatureFlagEntity | null> {
    await this.flags.update({ id }, { enabled, lastUpdatedBy: updatedBy });
    return this.findById(id);
  }
}
