import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AuthPatterns,
  ExpensesPatterns,
  UpdateSettingsBody,
  type CatalogResponse,
  type MessageContext,
  type ProductUser,
  type UserSettingsResponse,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';

function settingsOf(profile: ProductUser, catalog: CatalogResponse): UserSettingsResponse {
  return {
    success: true,
    settings: {
      emailSettings: {
        subdomain: profile.email_username ?? profile.personal_subdomain,
        emailAddress: profile.snaptrack_email,
      },
      entities: catalog.entities,
      tags: catalog.tags,
    },
  };
}

/**
 * The Settings dialog's data, assembled from two owners: the receipt address from
 * auth-service, the entity and tag lists from expenses-service.
 */
@ApiTags('user')
@ApiBearerAuth()
@Controller('user/settings')
export class UserSettingsController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Get()
  async get(@Ctx() ctx: MessageContext): Promise<UserSettingsResponse> {
    const [profile, catalog] = await Promise.all([
      this.bus.send(AuthPatterns.profile, {}, ctx),
      this.bus.send(ExpensesPatterns.settingsGet, {}, ctx),
    ]);
    return settingsOf(profile, catalog);
  }

  /**
   * Applies the entity and tag lists (additions and removals; emailSettings are read-only
   * here) and answers with what the server now holds.
   */
  @Post()
  @HttpCode(200)
  async update(
    @Body() body: UpdateSettingsBody,
    @Ctx() ctx: MessageContext,
  ): Promise<UserSettingsResponse> {
    const catalog = await this.bus.send(
      ExpensesPatterns.settingsUpdate,
      { entities: body.entities, tags: body.tags },
      ctx,
    );
    return settingsOf(await this.bus.send(AuthPatterns.profile, {}, ctx), catalog);
  }
}
