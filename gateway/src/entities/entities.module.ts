import { Module } from '@nestjs/common';
import { EntitiesController } from './entities.controller.js';

@Module({ controllers: [EntitiesController] })
export class EntitiesModule {}
