import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ACCEPTED_FILES } from '../utils/upload-rules';

/** The drop area (click or Enter opens the picker), the hidden pickers and 'Take a photo'. */
export function UploadDropZone({ onFiles }: { onFiles: (files: FileList | null) => void }) {
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    onFiles(event.target.files);
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
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
          onFiles(event.dataTransfer.files);
        }}
      >
        <p className="upload-card__drop-title">Drop receipts here or click to choose</p>
        <p className="upload-card__drop-types">JPG, PNG, WebP and HEIC (PDF too), up to 20MB</p>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPTED_FILES}
        multiple
        hidden
        data-testid="receipt-files"
        onChange={picked}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={picked}
      />
      <Button
        variant="outline"
        size="sm"
        className="upload-card__camera"
        onClick={() => cameraInput.current?.click()}
      >
        Take a photo
      </Button>
    </>
  );
}
