import { Module } from '@nestjs/common';
import { PersonaModule } from '../persona/persona.module';
import { ReplySamplesController } from './reply-samples.controller';
import { ReplySamplesRepository } from './reply-samples.repository';
import { ReplySampling } from './reply-sampling.service';

/**
 * Sampled replies (docs/creators.md, "Sampled replies"). The conversation module calls
 * ReplySampling.afterReply when a reply ends; a creator's erasure removes theirs through
 * ReplySamplesRepository, an account's erasure through chat-inference's retention.
 */
@Module({
  imports: [PersonaModule],
  controllers: [ReplySamplesController],
  providers: [ReplySamplesRepository, ReplySampling],
  exports: [ReplySampling, ReplySamplesRepository],
})
export class ReplySamplesModule {}
