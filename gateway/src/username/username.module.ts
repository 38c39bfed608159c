import { Module } from '@nestjs/common';
import { UsernameController } from './username.controller.js';

@Module({ controllers: [UsernameController] })
export class UsernameModule {}
