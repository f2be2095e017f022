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
  creatorsService,
  ingestionService,
  chatInferenceService,
  billingService,
  featureFlagsService,
];
