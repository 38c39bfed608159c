import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import type { VersionInfo } from '@snaptrack/contracts/core';

export type { VersionInfo } from '@snaptrack/contracts/core';
/** What the footer shows when the server cannot be asked. */
export function localVersion(): VersionInfo {
  return {
    version: env.appVersion || '1.0.0',
    buildNumber: '1',
    // Empty: no release is known, so the footer offers no notes.
    releaseDate: '',
    releaseNotesUrl: '',
    isLatest: true,
    platform: 'web',
    hasReleaseNotes: false,
    fallback: true,
  };
}

/**
 * GET /api/app/version?platform=web&version={this build}: the newest release and whether this
 * build is it. Any failure gives the local values, marked as a fallback.
 */
export async function getVersion({ signal }: { signal?: AbortSignal } = {}): Promise<VersionInfo> {
  try {
    const latest = await api.get<VersionInfo>('/app/version', {
      signal,
      auth: false,
      query: { platform: 'web', version: env.appVersion },
    });
    // This build is what runs: show its number; the server says whether it is the newest.
    const same = latest.version === env.appVersion;
    return {
      ...latest,
      version: env.appVersion,
      buildNumber: same ? latest.buildNumber : '',
      releaseNotesUrl: latest.releaseNotesUrl,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Version check failed; showing the local version', error);
    return localVersion();
  }
}

export function getVersionQueryOptions() {
  return queryOptions({
    queryKey: ['app', 'version'],
    queryFn: ({ signal }) => getVersion({ signal }),
    staleTime: 10 * 60_000,
  });
}

export function useVersion() {
  return useQuery(getVersionQueryOptions());
}
