import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AppVersionRequest,
  CheckUpdateRequest,
  ReleaseNotesRequest,
  VersionPatterns,
  type CheckUpdateResponse,
  type ReleaseNotes,
  type VersionInfo,
} from '@snaptrack/contracts';
import { VersionsService } from './versions.service.js';

@Controller()
export class VersionsController {
  constructor(@Inject(VersionsService) private readonly versions: VersionsService) {}

  @MessagePattern(VersionPatterns.version)
  version(@Payload('data') request: AppVersionRequest): VersionInfo {
    return this.versions.version(request.platform ?? 'web', request.version);
  }

  @MessagePattern(VersionPatterns.checkUpdate)
  checkUpdate(@Payload('data') request: CheckUpdateRequest): CheckUpdateResponse {
    return this.versions.checkUpdate(request.version);
  }

  @MessagePattern(VersionPatterns.releaseNotes)
  releaseNotes(@Payload('data') request: ReleaseNotesRequest): ReleaseNotes {
    return this.versions.releaseNotes(request.version);
  }
}
