import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatInferenceConfig } from '../chat-inference.config';
import { disposeLocalModels, LocalLlamaChatModel } from '@backtalk/ai';
import { afterStartup } from '@backtalk/kit';
import { CHAT_MODEL } from './persona.tokens';

/**
 * Loads (and on first use downloads) the local model in the background once
 * the process has started, so the first fan does not wait for it; failures are
 * logged for the operator and surface to fans as a chat error when they send.
 */
@Injectable()
export class ModelWarmup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ModelWarmup.name);

  constructor(
    @Inject(CHAT_MODEL) private readonly model: BaseChatModel,
    private readonly config: ChatInferenceConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.LLM_PRELOAD || !(this.model instanceof LocalLlamaChatModel)) return;
    const model = this.model;
    // Start-up work: importing node-llama-cpp alone takes several hundred ms of CPU, which would
    // delay the services still starting in the same process. The launchers do not wait for it
    // (readiness is already reported); a host that waits for its start-up work (the in-process
    // test services) gets a loaded model, so its first request does not race the load's CPU.
    afterStartup(async () => {
      const started = Date.now();
      await model.load().then(
        () => this.logger.log(`Local model ${this.config.LLM_MODEL} ready in ${Date.now() - started} ms`),
        (error: unknown) =>
          this.logger.error(
            `Local model ${this.config.LLM_MODEL} could not be loaded: ${(error as Error).message}`,
          ),
      );
    });
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.model instanceof LocalLlamaChatModel) await disposeLocalModels();
  }
}
