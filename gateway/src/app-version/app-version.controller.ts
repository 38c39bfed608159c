import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  AppPlatforms,
  AppVersionRequest,
  CheckUpdateRequest,
  PlatformQuery,
  ReleaseNotesVersionParam,
  VersionPatterns,
  type CheckUpdateResponse,
  type MessageContext,
  type ReleaseNotes,
  type VersionInfo,
} from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { Ctx } from '../common/current-user.decorator.js';
import { Public } from '../common/public.decorator.js';

/** Version, update check and release notes from content/changelog.md; public (footers). */
@ApiTags('app')
@Public()
@Controller('app')
export class AppVersionController {
  constructor(@Inject(BusClient) private readonly bus: BusClient) {}

  @Get('version')
  @ApiQuery({ name: 'platform', required: false, enum: AppPlatforms })
  @ApiQuery({ name: 'version', required: false, description: "the caller's version" })
  version(@Query() query: AppVersionRequest, @Ctx() ctx: MessageContext): Promise<VersionInfo> {
    return this.bus.send(
      VersionPatterns.version,
      { platform: query.platform, version: query.version },
      ctx,
    );
  }

  @Get('check-update')
  @ApiQuery({ name: 'version' })
  @ApiQuery({ name: 'platform', required: false, enum: AppPlatforms })
  checkUpdate(
    @Query() query: CheckUpdateRequest,
    @Ctx() ctx: MessageContext,
  ): Promise<CheckUpdateResponse> {
    return this.bus.send(
      VersionPatterns.checkUpdate,
      { version: query.version, platform: query.platform },
      ctx,
    );
  }

  @Get('release-notes/:version')
  @ApiQuery({ name: 'platform', required: false, enum: AppPlatforms })
  releaseNotes(
    @Param() params: ReleaseNotesVersionParam,
    @Query() query: PlatformQuery,
    @Ctx() ctx: MessageContext,
  ): Promise<ReleaseNotes> {
    return this.bus.send(
      VersionPatterns.releaseNotes,
      { version: params.version, platform: query.platform },
      ctx,
    );
  }
}
