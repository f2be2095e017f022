import { Module } from '@nestjs/common';
import { WeekFiguresController } from './week-figures.controller';
import { WeekFiguresRepository } from './week-figures.repository';

@Module({ controllers: [WeekFiguresController], providers: [WeekFiguresRepository] })
export class WeekFiguresModule {}
