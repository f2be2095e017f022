import type { ServiceDefinition } from '@backtalk/kit';
import { ChatInferenceModule } from './chat-inference.module';
import { chatInferenceDatabase } from './chat-inference.database';

export const chatInferenceService: ServiceDefinition = {
  name: 'chat-inference',
  module: (env) => ChatInferenceModule.register(env),
  database: chatInferenceDatabase,
};
