import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ExpensesPatterns, UpdateCatalogRequest, type CatalogResponse } from '@snaptrack/contracts';
import { UserId } from '@snaptrack/nest-rmq';
import { SettingsService } from './settings.service.js';

@Controller()
export class SettingsController {
  constructor(@Inject(SettingsService) private readonly settings: SettingsService) {}

  @MessagePattern(ExpensesPatterns.settingsGet)
  get(@UserId() userId: string): Promise<CatalogResponse> {
    return this.settings.get(userId);
  }

  @MessagePattern(ExpensesPatterns.settingsUpdate)
  update(
    @UserId() userId: string,
    @Payload('data') body: UpdateCatalogRequest,
  ): Promise<CatalogResponse> {
    return this.settings.update(userId, body);
  }
}
