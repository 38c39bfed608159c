import { Module } from '@nestjs/common';
import { UserSettingsController } from './user-settings.controller.js';

@Module({ controllers: [UserSettingsController] })
export class UserSettingsModule {}
