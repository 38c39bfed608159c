// Where the manifest's share_target posts, and where the service worker sends the user next.
export const SHARE_TARGET_PATH = '/share-target';
export const SHARED_LANDING = '/dashboard?app=true&shared=1';
