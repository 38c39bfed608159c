import { api, isApiError } from '@/lib/api-client';

/** Release notes (docs/api.md, Help, feedback and the marketing site). */
export type ReleaseNotes = {
  version: string;
  highlights: string[];
  content: string;
  contentType: 'html' | 'markdown' | 'plain';
  releaseType: string;
  releaseDate: string;
};

export class ReleaseNotesError extends Error {}

/** GET {releaseNotesUrl}?platform=web; failures carry the alert text the footer shows. */
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
