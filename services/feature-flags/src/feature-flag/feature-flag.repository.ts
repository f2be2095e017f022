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

  /**
   * Creates the flag unless one of that name and environment exists (replicas may race);
   * answers the new row, or null when the name was taken.
   */
  async createIfAbsent(
    flag: Pick<FeatureFlagEntity, 'name' | 'environment' | 'enabled' | 'description' | 'owner'>,
    createdBy: string | null = null,
  ): Promise<FeatureFlagEntity | null> {
    const result = await this.flags
      .createQueryBuilder()
      .insert()
      .values({ ...flag, lastUpdatedBy: createdBy })
      .orIgnore()
      .returning('*')
      .execute();
    const row = (result.raw as { id: string }[])[0];
    return row ? this.findById(row.id) : null;
  }

  async setEnabled(id: string, enabled: boolean, updatedBy: string): Promise<FeatureFlagEntity | null> {
    await this.flags.update({ id }, { enabled, lastUpdatedBy: updatedBy });
    return this.findById(id);
  }
}
