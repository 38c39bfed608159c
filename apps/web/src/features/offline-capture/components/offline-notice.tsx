import { Banner } from '@/components/ui/banner';

/** Says plainly that the app is offline and what still works. */
export function OfflineNotice({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <Banner tone="warning" title="You are offline" className="offline-notice">
      You are seeing what SnapTrack last loaded. Receipts you add now are kept on this device and
      uploaded when the connection is back.
    </Banner>
  );
}

/** A share reached the server instead of the app (no service worker was running). */
export function ShareFailedNotice({ failed }: { failed: boolean }) {
  if (!failed) return null;
  return (
    <Banner tone="warning" title="The shared receipt did not arrive">
      Share it to SnapTrack again, or choose it in the upload card below.
    </Banner>
  );
}
