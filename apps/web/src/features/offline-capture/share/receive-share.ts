import { ShareMessages } from '@snaptrack/contracts/core';
import { putSharedFiles, refuseShare } from './share-inbox';
import { SHARE_BODY_LIMIT, SHARE_FILES_FIELD, SHARED_LANDING } from './share-target';

/**
 * The share target's POST, answered in the service worker: keep the shared files, then open
 * the dashboard, which shows them and uploads nothing until the person confirms. Any website
 * can post a form here, so the body is measured before it is read and the inbox keeps only what
 * its caps allow.
 */
export async function receiveShare(request: Request): Promise<Response> {
  try {
    // The browser holds the posted body already; it is refused before it is parsed or stored.
    const body = await request.blob();
    if (body.size > SHARE_BODY_LIMIT) {
      await refuseShare(ShareMessages.tooMuch);
      return Response.redirect(SHARED_LANDING, 303);
    }
    const form = await new Response(body, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
    const files = form
      .getAll(SHARE_FILES_FIELD)
      .filter((value): value is File => value instanceof File);
    await putSharedFiles(files);
    return Response.redirect(SHARED_LANDING, 303);
  } catch {
    return Response.redirect(`${SHARED_LANDING}&share_failed=1`, 303);
  }
}
