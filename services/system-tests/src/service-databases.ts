import { billingService } from '@backtalk/billing';
import { chatInferenceService } from '@backtalk/chat-inference';
import { creatorsService } from '@backtalk/creators';
import { featureFlagsService } from '@backtalk/feature-flags';
import { identityService } from '@backtalk/identity';
import { ingestionService } from '@backtalk/ingestion';
import type { ServiceDefinition } from '@backtalk/kit';
import { createTestDatabase, type TestDatabase } from '@backtalk/testing';

/** Every service that owns a schema (the gateway has none). */
export const servicesWithSchemas: ServiceDefinition[] = [
  identityService,
  creatorsService,
  ingestionService,
  chatInferenceService,
  billingService,
  featureFlagsService,
];

/**
 * A database of the test file's own with every service's schema migrated,
 * copied from one template that all system tests share, whichever services
 * they boot (in process or as real processes).
 */
export function createSystemTestDatabase(label: string): Promise<TestDatabase> {
  return createTestDatabase(label, { migratedFor: servicesWithSchemas });
}
