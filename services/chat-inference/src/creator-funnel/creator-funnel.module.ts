import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonaModule } from '../persona/persona.module';
import { CreatorFunnelController } from './creator-funnel.controller';
import { CreatorFunnelRepository } from './creator-funnel.repository';
import { FreeTierLimitReachedEntity } from './free-tier-limit-reached.entity';

@Module({
  imports: [TypeOrmModule.forFeature([FreeTierLimitReachedEntity]), PersonaModule],
  controllers: [CreatorFunnelController],
  providers: [CreatorFunnelRepository],
  exports: [CreatorFunnelRepository],
})
export class CreatorFunnelModule {}
