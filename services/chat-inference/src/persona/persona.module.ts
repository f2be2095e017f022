import { Module } from '@nestjs/common';
import { PersonaPromptBuilder } from '../persona-prompt';
import { PostRetriever } from '@backtalk/ai';
import { CreatorCorpus } from './creator-corpus';
import { ModelWarmup } from './model-warmup';
import { personaProviders } from './persona.providers';
import { CHAT_MODEL } from './persona.tokens';

@Module({
  providers: [...personaProviders, CreatorCorpus, ModelWarmup],
  exports: [CHAT_MODEL, PostRetriever, PersonaPromptBuilder, CreatorCorpus],
})
export class PersonaModule {}
