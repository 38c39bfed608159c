import { Module } from '@nestjs/common';
import { PasswordSetupController } from './password-setup.controller.js';

@Module({ controllers: [PasswordSetupController] })
export class PasswordSetupModule {}
