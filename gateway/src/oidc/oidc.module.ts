import { Module } from '@nestjs/common';
import { OidcController } from './oidc.controller.js';

@Module({ controllers: [OidcController] })
export class OidcModule {}
