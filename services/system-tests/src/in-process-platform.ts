import { billingService } from '@backtalk/billing';
import { chatInferenceService } from '@backtalk/chat-inference';
import { creatorsService } from '@backtalk/creators';
import { featureFlagsService } from '@backtalk/feature-flags';
import { startGateway, type StartedGateway } from '@backtalk/gateway';
import { identityService } from '@backtalk/identity';
import { ingestionService } from '@backtalk/ingestion';
import type { ServiceDefinition } from '@backtalk/kit';
import { startServicesInProcess, type InProcessServices } from '@backtalk/testing';

/**
 * The services a fan's and a user's requests reach, on the in-process bus, and a gateway in
 * front of them on a free port of 127.0.0.1 (standalone mode, silent). `gatewayEnv` is added
 * to `env` for the gateway only.
 */
export async function startPlatformInProcess(
  env: Record<string, string>,
  gatewayEnv: Record<string, string> = {},
): Promise<{ services: InProcessServices; gateway: StartedGateway }> {
  const services = await startServicesInProcess(
    [
      identityService,
      creatorsService,
      ingestionService,
      featureFlagsService,
      billingService,
      chatInferenceService,
    ] as ServiceDefinition[],
    env,
  );
  const gateway = await startGateway({
    ...env,
    BACKTALK_MODE: 'standalone',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    ...gatewayEnv,
  }).catch(async (error: unknown) => {
    await services.close();
    throw error;
  });
  return { services, gateway };
}
