import { Module } from '@nestjs/common';
import { objectStorageProvider } from './object-storage.provider.js';
import { ReceiptsController } from './receipts.controller.js';

@Module({ controllers: [ReceiptsController], providers: [objectStorageProvider] })
export class ReceiptsModule {}
