import { Module } from '@nestjs/common';
import { DurableQueueModule } from '@backtalk/kit';
import { PersonaModule } from '../persona/persona.module';
import { FanMemoryService } from './fan-memory.service';
import { MemoryController } from './memory.controller';
import { MemoryRepository } from './memory.repository';
import { RememberTurn } from './remember-turn.consumer';

/** What personas remember about fans (issue 24 item 2); the conversation module asks FanMemoryService. */
@Module({
  imports: [PersonaModule, DurableQueueModule.forService()],
  controllers: [MemoryController],
  providers: [MemoryRepository, FanMemoryService, RememberTurn],
  exports: [FanMemoryService],
})
export class MemoryModule {}
