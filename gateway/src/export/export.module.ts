import { Module } from '@nestjs/common';
import { ExportController } from './export.controller.js';
import { PackExportController } from './pack-export.controller.js';
import { PdfExportController } from './pdf-export.controller.js';

@Module({ controllers: [ExportController, PdfExportController, PackExportController] })
export class ExportModule {}
