import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { RefusedShare, SharedFile } from '../share/share-inbox';
import { useShareInbox } from '../hooks/use-share-inbox';
import { formatFileSize } from '../utils/file-size';
import '../share-target.css';

/** A preview of a shared photo; a PDF or HEIC the browser cannot draw shows its kind instead. */
function Thumbnail({ file }: { file: SharedFile }) {
  const [url, setUrl] = useState<string | null>(null);
  const drawable = /^image\/(jpeg|png|webp|gif)$/.test(file.type);
  useEffect(() => {
    if (!drawable) return;
    const objectUrl = URL.createObjectURL(file.blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file.blob, drawable]);
  if (!url) {
    return (
      <span className="shared-files__thumb shared-files__thumb--file" aria-hidden="true">
        {file.name.split('.').pop()?.toUpperCase().slice(0, 4) ?? 'FILE'}
      </span>
    );
  }
  return <img className="shared-files__thumb" src={url} alt={`Preview of ${file.name}`} />;
}

function RefusedList({ refused }: { refused: RefusedShare[] }) {
  if (refused.length === 0) return null;
  return (
    <div className="shared-files__refused" role="alert">
      <p className="shared-files__refused-title">Not kept:</p>
      <ul>
        {refused.map((item, index) => (
          <li key={index}>{item.name ? `${item.name}: ${item.reason}` : item.reason}</li>
        ))}
      </ul>
    </div>
  );
}

export interface SharedFilesReviewProps {
  /** Receives the confirmed files (the upload card uploads them). */
  onUpload: (files: File[]) => void;
}

/**
 * The confirmation screen for files shared to the app: any website can post to the share
 * target, so shared files wait on the device, shown with a preview, name and size, until the
 * person chooses Upload or Discard. Closing it leaves them for the next visit.
 */
export function SharedFilesReview({ onUpload }: SharedFilesReviewProps) {
  const share = useShareInbox(onUpload);
  if (!share.inbox) return null;
  const { files, refused } = share.inbox;
  const count = files.length;
  const footer =
    count > 0 ? (
      <>
        <Button variant="outline" onClick={share.discard} disabled={share.busy}>
          Discard
        </Button>
        <Button variant="primary" onClick={share.upload} loading={share.busy}>
          Upload
        </Button>
      </>
    ) : (
      <Button variant="primary" onClick={share.discard} loading={share.busy}>
        OK
      </Button>
    );
  return (
    <Dialog
      open
      onClose={share.later}
      closeLabel="Decide later"
      dismissible={!share.busy}
      title={
        count === 1
          ? 'Upload this shared file?'
          : count > 1
            ? `Upload ${count} shared files?`
            : 'Shared files not kept'
      }
      description={
        count > 0
          ? 'Shared to SnapTrack. Nothing is uploaded until you choose Upload; check that you meant to share them.'
          : undefined
      }
      footer={footer}
    >
      {count > 0 ? (
        <ul className="shared-files" aria-label="Shared files">
          {files.map((file) => (
            <li key={file.id} className="shared-files__item">
              <Thumbnail file={file} />
              <span className="shared-files__name">{file.name}</span>
              <span className="shared-files__size">{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <RefusedList refused={refused} />
    </Dialog>
  );
}
