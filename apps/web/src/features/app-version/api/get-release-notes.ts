import { api, isApiError } from '@/lib/api-client';
import type { ReleaseNotes } from '@snaptrack/contracts/core';

export type { ReleaseNotes } from '@snaptrack/contracts/core';
export class ReleaseNotesError extends Error {}

/** GET {releaseNotesUrl}?platform=web; failures carry the spec's alert text. */
export async function getReleaseNotes(url: string): Promise<ReleaseNotes> {
  const path = url.replace(/^\/api/, '');
  try {
    return await api.get<ReleaseNotes>(path, { auth: false, query: { platform: 'web' } });
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      throw new ReleaseNotesError('No release notes available for this version.');
    }
    throw new ReleaseNotesError('Unable to load release notes at this time.');
  }
}
