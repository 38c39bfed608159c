import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

/** Version and release-notes patterns: owned by help-feedback-service. */
export const VersionPatterns = {
  version: 'help-feedback.app-version.get.v1',
  checkUpdate: 'help-feedback.app-version.check.v1',
  releaseNotes: 'help-feedback.release-notes.get.v1',
} as const;

export const AppPlatforms = ['web', 'ios', 'android'] as const;
export type AppPlatform = (typeof AppPlatforms)[number];
const platformMessage = 'platform must be web, ios or android.';
const versionMessage = 'version must look like 1.2.3.';
export const SEMVER = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

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

/** Version info (docs/api.md, Help, feedback and the marketing site). */
export interface VersionInfo {
  version: string;
  buildNumber: string;
  releaseDate: string;
  releaseNotesUrl: string;
  isLatest: boolean;
  platform: AppPlatform;
  hasReleaseNotes: boolean;
  fallback: boolean;
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

export interface CheckUpdateResponse {
  updateAvailable: boolean;
  currentVersion: string;
  latestVersion: string;
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

/** Release notes (docs/api.md, Help, feedback and the marketing site). */
export interface ReleaseNotes {
  version: string;
  buildNumber: string;
  highlights: string[];
  content: string;
  contentType: 'html' | 'markdown' | 'plain';
  releaseType: 'major' | 'minor' | 'patch';
  releaseDate: string;
}
