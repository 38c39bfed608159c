import { Module } from '@nestjs/common';
import { ExportController } from './export.controller.js';
import { PdfExportController } from './pdf-export.controller.js';

@Module({ controllers: [ExportController, PdfExportController] })
export class ExportModule {}
