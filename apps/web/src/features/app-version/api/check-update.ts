import { env } from '@/config/env';
import { api } from '@/lib/api-client';
import { checkForServiceWorkerUpdate } from '@/lib/pwa/service-worker';
import type { CheckUpdateResponse } from '@snaptrack/contracts/core';

/** GET /api/app/check-update?version=&platform=web, turned into the alert text the footer shows. */
export async function checkForUpdateMessage(): Promise<string> {
  // A newer installed version shows the update prompt beside the version.
  void checkForServiceWorkerUpdate().catch(() => undefined);
  try {
    const result = await api.get<CheckUpdateResponse>('/app/check-update', {
      auth: false,
      query: { version: env.appVersion, platform: 'web' },
    });
    return result.updateAvailable
      ? `A new version (${result.currentVersion}) is available. Please refresh your browser to update.`
      : 'You have the latest version of SnapTrack.';
  } catch {
    return 'Unable to check for updates at this time.';
  }
}
