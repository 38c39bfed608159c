import { Module } from '@nestjs/common';
import { HomeCurrencyController } from './home-currency.controller.js';
import { UserSettingsController } from './user-settings.controller.js';

@Module({ controllers: [UserSettingsController, HomeCurrencyController] })
export class UserSettingsModule {}
