import { ShareTargetLimits } from '@snaptrack/contracts/core';

// Where the manifest's share_target posts (public/manifest.webmanifest), and where the service
// worker sends the user next.
export const SHARE_TARGET_PATH = '/share-target';
export const SHARED_LANDING = '/dashboard?app=true&shared=1';
/** The manifest's `share_target.params.files[].name`. */
export const SHARE_FILES_FIELD = 'receipts';

/** A posted body larger than the inbox may hold, plus room for the multipart framing. */
export const SHARE_BODY_LIMIT = ShareTargetLimits.maxBytes + 1024 * 1024;
