import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import {
  type Actor,
  BYPASS_SUBSCRIPTIONS_FLAG,
  type FeatureFlag,
  type FlagEnvironment,
  isAdmin,
} from '@backtalk/proto';
import type { FeatureFlagEntity } from './feature-flag.entity';
import { FeatureFlagError } from './feature-flag.errors';
import { FeatureFlagRepository } from './feature-flag.repository';

/** Flags every environment starts with (spec §3: bypassSubscriptions, disabled, in development). */
const BUILT_IN_FLAGS = [
  {
    name: BYPASS_SUBSCRIPTIONS_FLAG,
    environment: 'development' as const,
    enabled: false,
    description: 'Makes everyone premium and skips rate-limit checks (development only).',
    owner: 'system',
  },
];

@Injectable()
export class FeatureFlagService implements OnApplicationBootstrap {
  constructor(private readonly flags: FeatureFlagRepository) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const flag of BUILT_IN_FLAGS) await this.flags.createIfAbsent(flag);
  }

  /** A flag that does not exist is off. */
  async isEnabled(name: string, environment: FlagEnvironment): Promise<boolean> {
    return (await this.flags.findByName(name, environment))?.enabled ?? false;
  }

  async list(environment?: FlagEnvironment): Promise<FeatureFlag[]> {
    return (await this.flags.list(environment)).map(toFeatureFlag);
  }

  /** Spec §6: admins only, and only for development flags. */
  async setEnabled(actor: Actor, id: string, enabled: boolean): Promise<FeatureFlag> {
    if (!isAdmin(actor)) throw FeatureFlagError.notAdmin();
    const flag = await this.flags.findById(id);
    if (!flag) throw FeatureFlagError.notFound();
    if (flag.environment !== 'development') throw FeatureFlagError.notDevelopmentFlag();
    const updated = await this.flags.setEnabled(id, enabled, actor.userId);
    if (!updated) throw FeatureFlagError.notFound();
    return toFeatureFlag(updated);
  }
}

function toFeatureFlag(entity: FeatureFlagEntity): FeatureFlag {
  return {
    id: entity.id,
    name: entity.name,
    enabled: entity.enabled,
    description: entity.description,
    environment: entity.environment,
    lastUpdatedBy: entity.lastUpdatedBy,
    updatedAt: entity.updatedAt.toISOString(),
  };
}
