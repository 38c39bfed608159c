import { Module } from '@nestjs/common';
import { StatisticsController } from './statistics.controller.js';

@Module({ controllers: [StatisticsController] })
export class StatisticsModule {}
