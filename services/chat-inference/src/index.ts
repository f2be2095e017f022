import type { ServiceDefinition } from '@backtalk/kit';
import { chatInferenceConfigSchema } from './chat-inference.config';
import { ChatInferenceModule } from './chat-inference.module';
import { chatInferenceDatabase } from './chat-inference.database';

export const chatInferenceService: ServiceDefinition = {
  name: 'chat-inference',
  config: chatInferenceConfigSchema,
  module: (env) => ChatInferenceModule.register(env),
  database: chatInferenceDatabase,
};
