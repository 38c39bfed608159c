import { Module } from '@nestjs/common';
import { ExportController } from './export.controller.js';
import { exportFilesProvider } from './export-storage.provider.js';
import { PdfExportController } from './pdf-export.controller.js';

@Module({ controllers: [ExportController, PdfExportController], providers: [exportFilesProvider] })
export class ExportModule {}
