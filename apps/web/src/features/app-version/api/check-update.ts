import { env } from '@/config/env';
import { api } from '@/lib/api-client';

/** GET /api/app/check-update?version=&platform=web, turned into the alert text the footer shows. */
export async function checkForUpdateMessage(): Promise<string> {
  try {
    const result = await api.get<{ updateAvailable: boolean; currentVersion: string }>(
      '/app/check-update',
      { auth: false, query: { version: env.appVersion, platform: 'web' } },
    );
    return result.updateAvailable
      ? `A new version (${result.currentVersion}) is available. Please refresh your browser to update.`
      : 'You have the latest version of SnapTrack.';
  } catch {
    return 'Unable to check for updates at this time.';
  }
}
