import { Injectable, Logger } from '@nestjs/common';
import { type FlagEnvironment, Subjects } from '@backtalk/proto';
import { ServiceClient } from '../transport/service-client';

/** Spec §9: readers cache flags for 60 s. */
export const FLAG_CACHE_MS = 60_000;

/**
 * How services read feature flags: through the feature-flags service, cached
 * for a minute, and off when the lookup fails (spec §8: lookup errors fall
 * back to false).
 */
@Injectable()
export class FeatureFlagReader {
  private readonly logger = new Logger(FeatureFlagReader.name);
  private readonly cache = new Map<string, { enabled: boolean; expiresAt: number }>();

  constructor(private readonly client: ServiceClient) {}

  async isEnabled(name: string, environment: FlagEnvironment, now = Date.now()): Promise<boolean> {
    const key = `${environment}:${name}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > now) return cached.enabled;
    try {
      const { enabled } = await this.client.request(Subjects.FeatureFlagsFlagGet, { name, environment });
      this.cache.set(key, { enabled, expiresAt: now + FLAG_CACHE_MS });
      return enabled;
    } catch (error) {
      this.logger.warn(
        `Feature flag ${name} could not be read, treating it as off: ${(error as Error).message}`,
      );
      return false;
    }
  }
}
