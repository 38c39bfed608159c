import { readFile } from 'node:fs/promises';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type {
  AppPlatform,
  CheckUpdateResponse,
  ReleaseNotes,
  VersionInfo,
} from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { type HelpFeedbackConfig } from '../config/env.js';
import { compareVersions, parseChangelog } from './changelog.parser.js';
import { HELP_FEEDBACK_CONFIG } from '../tokens.js';

/** The app's versions and release notes, read from the changelog file once on start. */
@Injectable()
export class VersionsService implements OnModuleInit {
  private releases: ReleaseNotes[] = [];

  constructor(@Inject(HELP_FEEDBACK_CONFIG) private readonly config: HelpFeedbackConfig) {}

  async onModuleInit(): Promise<void> {
    this.releases = parseChangelog(await readFile(this.config.CHANGELOG_FILE, 'utf8'));
    if (!this.releases.length) throw new Error(`${this.config.CHANGELOG_FILE} has no release`);
  }

  private get latest(): ReleaseNotes {
    const latest = this.releases[0];
    if (!latest) throw new BusError('INTERNAL', 'No release is known.');
    return latest;
  }

  /** The newest release; isLatest says whether the caller's version (if given) is it. */
  version(platform: AppPlatform, callerVersion?: string): VersionInfo {
    const latest = this.latest;
    return {
      version: latest.version,
      buildNumber: latest.buildNumber,
      releaseDate: latest.releaseDate,
      releaseNotesUrl: `/api/app/release-notes/${latest.version}`,
      isLatest: !callerVersion || compareVersions(callerVersion, latest.version) >= 0,
      platform,
      hasReleaseNotes: true,
      fallback: false,
    };
  }

  checkUpdate(version: string): CheckUpdateResponse {
    const latest = this.latest.version;
    return {
      updateAvailable: compareVersions(latest, version) > 0,
      currentVersion: latest,
      latestVersion: latest,
    };
  }

  releaseNotes(version: string): ReleaseNotes {
    const notes = this.releases.find((release) => release.version === version);
    if (!notes) throw new BusError('NOT_FOUND', 'No release notes available for this version.');
    return notes;
  }
}
