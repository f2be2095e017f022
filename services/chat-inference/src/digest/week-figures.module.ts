import { Module } from '@nestjs/common';
import { PersonaModule } from '../persona/persona.module';
import { ChatWeekFiguresController } from './week-figures.controller';
import { ChatWeekFiguresRepository } from './week-figures.repository';

@Module({
  imports: [PersonaModule],
  controllers: [ChatWeekFiguresController],
  providers: [ChatWeekFiguresRepository],
})
export class ChatWeekFiguresModule {}
