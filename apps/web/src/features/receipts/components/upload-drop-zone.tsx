import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { droppedFiles } from '../utils/dropped-files';
import { ACCEPTED_FILES } from '../utils/upload-rules';

export interface UploadDropZoneProps {
  onFiles: (files: readonly File[]) => void;
  /** Every file of a folder chosen with "Choose a folder", sub-folders included. */
  onFolder: (files: readonly File[]) => void;
  /** A photo just taken with the camera, for the crop and rotate step. */
  onPhoto: (photo: File) => void;
}

/**
 * The drop area (click or Enter opens the picker; files, folders or a .zip of receipts), the
 * hidden pickers, 'Choose a folder' and 'Take a photo', which opens the back camera on a phone.
 */
export function UploadDropZone({ onFiles, onFolder, onPhoto }: UploadDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>, hand: (files: File[]) => void) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (files.length > 0) hand(files);
  };

  return (
    <>
      <div
        className={`upload-card__drop${dragging ? ' upload-card__drop--active' : ''}`}
        role="button"
        tabIndex={0}
        onClick={() => fileInput.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            fileInput.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void droppedFiles(event.dataTransfer).then(onFiles);
        }}
      >
        <p className="upload-card__drop-title">Drop receipts here or click to choose</p>
        <p className="upload-card__drop-types">JPG, PNG, WebP and HEIC (PDF too), up to 20MB</p>
        <p className="upload-card__drop-types">Many at once: a folder or a .zip works too</p>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_FILES}
        multiple
        hidden
        data-testid="receipt-files"
        onChange={(event) => picked(event, onFiles)}
      />
      <input
        ref={folderInput}
        type="file"
        // Not in React's types: the attribute that makes the picker choose a folder.
        {...{ webkitdirectory: '' }}
        multiple
        hidden
        data-testid="receipt-folder"
        onChange={(event) => picked(event, onFolder)}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="receipt-camera"
        onChange={(event) =>
          picked(event, (files) => {
            // A photo the browser can draw gets the crop step; anything else goes straight up.
            const [photo] = files;
            if (files.length === 1 && photo && /^image\/(jpeg|png|webp)$/.test(photo.type)) {
              onPhoto(photo);
            } else {
              onFiles(files);
            }
          })
        }
      />
      <div className="upload-card__pickers">
        <Button variant="outline" size="sm" onClick={() => folderInput.current?.click()}>
          Choose a folder
        </Button>
        <Button variant="outline" size="sm" onClick={() => cameraInput.current?.click()}>
          Take a photo
        </Button>
      </div>
    </>
  );
}
