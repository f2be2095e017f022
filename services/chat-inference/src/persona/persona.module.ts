import { Module } from '@nestjs/common';
import { PersonaPromptBuilder } from '../persona-prompt';
import { PostRetriever } from '@backtalk/ai';
import { ChatFacts } from './chat-facts';
import { ChatFactsController } from './chat-facts.controller';
import { CreatorCorpus } from './creator-corpus';
import { CreatorPostsController } from './creator-posts.controller';
import { ModelWarmup } from './model-warmup';
import { personaProviders } from './persona.providers';
import { CHAT_MODEL } from './persona.tokens';

@Module({
  controllers: [CreatorPostsController, ChatFactsController],
  providers: [...personaProviders, ChatFacts, CreatorCorpus, ModelWarmup],
  exports: [CHAT_MODEL, PostRetriever, PersonaPromptBuilder, CreatorCorpus, ChatFacts],
})
export class PersonaModule {}
