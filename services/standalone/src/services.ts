import { billingService } from '@backtalk/billing';
import { chatInferenceService } from '@backtalk/chat-inference';
import { creatorsService } from '@backtalk/creators';
import { featureFlagsService } from '@backtalk/feature-flags';
import { identityService } from '@backtalk/identity';
import { ingestionService } from '@backtalk/ingestion';
import type { ServiceDefinition } from '@backtalk/kit';

/** Every backend service; standalone mode hosts them all in one process. */
export const backendServices: ServiceDefinition[] = [
  identityService,
  // Before creators: creators asks billing for onboarding state whenever it lists creators, and
  // billing and feature-flags ask no one while they start. (Ingestion's post-index fill, which
  // lists them, runs once every service has started: kit's afterStartup.)
  billingService,
  featureFlagsService,
  creatorsService,
  ingestionService,
  chatInferenceService,
];
