import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { flagEnvironmentOf } from '@backtalk/kit';
import {
  type Actor,
  BYPASS_SUBSCRIPTIONS_FLAG,
  type FeatureFlag,
  type FlagCreateInput,
  type FlagEnvironment,
  type FlagListReply,
  isAdmin,
} from '@backtalk/proto';
import { FeatureFlagsConfig } from '../feature-flags.config';
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
  /** The deployment's environment (spec §9): flags are created and changed only in development. */
  private readonly environment: FlagEnvironment;

  constructor(
    private readonly flags: FeatureFlagRepository,
    config: FeatureFlagsConfig,
  ) {
    this.environment = flagEnvironmentOf(config);
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const flag of BUILT_IN_FLAGS) await this.flags.createIfAbsent(flag);
  }

  /** A flag that does not exist is off. */
  async isEnabled(name: string, environment: FlagEnvironment): Promise<boolean> {
    return (await this.flags.findByName(name, environment))?.enabled ?? false;
  }

  /** The flags of one environment, the deployment's own unless another is named. */
  async list(environment: FlagEnvironment = this.environment): Promise<FlagListReply> {
    return { environment: this.environment, flags: (await this.flags.list(environment)).map(toFeatureFlag) };
  }

  /** Spec §6, §7: admins only, in a development deployment, a name not yet taken there. */
  async create(actor: Actor, input: FlagCreateInput): Promise<FeatureFlag> {
    this.assertAdministrable(actor);
    const created = await this.flags.createIfAbsent(
      { ...input, environment: this.environment, owner: actor.userId },
      actor.userId,
    );
    if (!created) throw FeatureFlagError.exists();
    return toFeatureFlag(created);
  }

  /** Spec §6: admins only, in a development deployment, and only for development flags. */
  async setEnabled(actor: Actor, id: string, enabled: boolean): Promise<FeatureFlag> {
    this.assertAdministrable(actor);
    const flag = await this.flags.findById(id);
    if (!flag) throw FeatureFlagError.notFound();
    if (flag.environment !== 'development') throw FeatureFlagError.notDevelopmentFlag();
    const updated = await this.flags.setEnabled(id, enabled, actor.userId);
    if (!updated) throw FeatureFlagError.notFound();
    return toFeatureFlag(updated);
  }

  private assertAdministrable(actor: Actor): void {
    if (!isAdmin(actor)) throw FeatureFlagError.notAdmin();
    if (this.environment !== 'development') throw FeatureFlagError.adminUnavailable();
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
