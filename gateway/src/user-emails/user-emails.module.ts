import { Module } from '@nestjs/common';
import { UserEmailsController } from './user-emails.controller.js';

@Module({ controllers: [UserEmailsController] })
export class UserEmailsModule {}
