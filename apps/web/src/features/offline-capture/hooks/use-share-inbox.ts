import { useEffect, useState } from 'react';
import {
  discardSharedFiles,
  readShareInbox,
  takeSharedFiles,
  type ShareInbox,
} from '../share/share-inbox';

/**
 * What was shared to the app and waits for a decision, read once when the dashboard opens.
 * `upload` hands the files the person saw to `onUpload` and removes them from the device;
 * `discard` removes them; a file shared meanwhile waits for the next look. `later` closes the
 * screen and leaves them on the device for the next visit.
 */
export function useShareInbox(onUpload: (files: File[]) => void) {
  const [inbox, setInbox] = useState<ShareInbox | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void readShareInbox().then((read) => {
      if (live) setInbox(read);
    });
    return () => {
      live = false;
    };
  }, []);

  async function finish(upload: boolean): Promise<void> {
    const shown = inbox?.files.map((file) => file.id) ?? [];
    setBusy(true);
    try {
      if (upload) onUpload(await takeSharedFiles(shown));
      else await discardSharedFiles(shown);
      setInbox(null);
    } finally {
      setBusy(false);
    }
  }

  const waiting = inbox !== null && (inbox.files.length > 0 || inbox.refused.length > 0);
  return {
    inbox: waiting ? inbox : null,
    busy,
    upload: () => void finish(true),
    discard: () => void finish(false),
    later: () => setInbox(null),
  };
}
