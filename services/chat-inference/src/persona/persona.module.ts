import { Module } from '@nestjs/common';
import { PersonaPromptBuilder } from '../persona-prompt';
import { PostRetriever } from '@backtalk/ai';
import { CreatorCorpus } from './creator-corpus';
import { CreatorPostsController } from './creator-posts.controller';
import { ModelWarmup } from './model-warmup';
import { personaProviders } from './persona.providers';
import { CHAT_MODEL } from './persona.tokens';

@Module({
  controllers: [CreatorPostsController],
  providers: [...personaProviders, CreatorCorpus, ModelWarmup],
  exports: [CHAT_MODEL, PostRetriever, PersonaPromptBuilder, CreatorCorpus],
})
export class PersonaModule {}
