export const AppPlatforms = ['web', 'ios', 'android'] as const;

export type AppPlatform = (typeof AppPlatforms)[number];

export const SEMVER = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

/** Spec section 3, "Version info". */
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

export interface CheckUpdateResponse {
  updateAvailable: boolean;
  currentVersion: string;
  latestVersion: string;
}

/** Spec section 3, "Release notes". */
export interface ReleaseNotes {
  version: string;
  buildNumber: string;
  highlights: string[];
  content: string;
  contentType: 'html' | 'markdown' | 'plain';
  releaseType: 'major' | 'minor' | 'patch';
  releaseDate: string;
}
