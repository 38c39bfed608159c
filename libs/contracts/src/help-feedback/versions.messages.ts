import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { type AppPlatform, AppPlatforms, SEMVER } from '../core/help-feedback/versions.types.js';

/** Version and release-notes patterns: owned by help-feedback-service. */
export const VersionPatterns = {
  version: 'help-feedback.app-version.get.v1',
  checkUpdate: 'help-feedback.app-version.check.v1',
  releaseNotes: 'help-feedback.release-notes.get.v1',
} as const;

const platformMessage = 'platform must be web, ios or android.';
const versionMessage = 'version must look like 1.2.3.';

/** `GET /api/app/version?platform=web[&version=]`: the latest release; isLatest compares. */
export class AppVersionRequest {
  @IsOptional()
  @IsIn(AppPlatforms, { message: platformMessage })
  platform?: AppPlatform;

  /** The caller's running version; without it isLatest is true. */
  @IsOptional()
  @Matches(SEMVER, { message: versionMessage })
  @IsString({ message: versionMessage })
  version?: string;
}

/** `GET /api/app/check-update?version=&platform=web`. */
export class CheckUpdateRequest {
  @Matches(SEMVER, { message: versionMessage })
  @IsString({ message: versionMessage })
  version!: string;

  @IsOptional()
  @IsIn(AppPlatforms, { message: platformMessage })
  platform?: AppPlatform;
}

const notesMessage = 'No release notes available for this version.';

/** The path part of `GET /api/app/release-notes/{version}`. */
export class ReleaseNotesVersionParam {
  @Matches(SEMVER, { message: notesMessage })
  @IsString({ message: notesMessage })
  version!: string;
}

/** `?platform=` alone. */
export class PlatformQuery {
  @IsOptional()
  @IsIn(AppPlatforms, { message: platformMessage })
  platform?: AppPlatform;
}

/** `GET /api/app/release-notes/{version}?platform=web`. */
export class ReleaseNotesRequest extends ReleaseNotesVersionParam {
  @IsOptional()
  @IsIn(AppPlatforms, { message: platformMessage })
  platform?: AppPlatform;
}
