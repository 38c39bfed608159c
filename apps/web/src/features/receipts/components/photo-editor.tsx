import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '@/components/form/field';
import { Button } from '@/components/ui/button';
import {
  clampTrim,
  MAX_TRIM,
  NO_EDIT,
  turned,
  type CropSide,
  type PhotoEdit,
} from '../utils/photo-edit';

export interface PhotoEditorProps {
  photo: File;
  /** Upload with the crop and turn chosen. */
  onUse: (edit: PhotoEdit) => void;
  /** Upload the photo as it was taken. */
  onSkip: () => void;
  onCancel: () => void;
}

const SIDES: { side: CropSide; label: string }[] = [
  { side: 'top', label: 'Trim top' },
  { side: 'bottom', label: 'Trim bottom' },
  { side: 'left', label: 'Trim left' },
  { side: 'right', label: 'Trim right' },
];

/** The preview's long side in CSS pixels; the upload itself is drawn from the full photo. */
const PREVIEW_SIDE = 320;

/**
 * The step after 'Take a photo': turn the photo a quarter at a time and trim each side, seeing
 * the result, then upload; or skip it and upload the photo as taken. Sliders rather than
 * dragged handles: they work the same with a finger, a mouse and the keyboard.
 */
export function PhotoEditor({ photo, onUse, onSkip, onCancel }: PhotoEditorProps) {
  const [edit, setEdit] = useState<PhotoEdit>(NO_EDIT);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const titleId = useId();
  const fieldId = useId();

  useEffect(() => {
    if (typeof createImageBitmap !== 'function') return;
    let live = true;
    let opened: ImageBitmap | null = null;
    createImageBitmap(photo, { imageOrientation: 'from-image' }).then(
      (image) => {
        opened = image;
        if (live) setBitmap(image);
        else image.close();
      },
      () => undefined,
    );
    return () => {
      live = false;
      opened?.close();
    };
  }, [photo]);

  useEffect(() => {
    const target = canvas.current;
    if (!target || !bitmap) return;
    const context = target.getContext('2d');
    if (!context) return;
    const quarter = edit.rotation === 90 || edit.rotation === 270;
    const width = quarter ? bitmap.height : bitmap.width;
    const height = quarter ? bitmap.width : bitmap.height;
    const scale = Math.min(1, PREVIEW_SIDE / Math.max(width, height));
    target.width = Math.round(width * scale);
    target.height = Math.round(height * scale);
    context.setTransform(scale, 0, 0, scale, (width * scale) / 2, (height * scale) / 2);
    context.rotate((edit.rotation * Math.PI) / 180);
    context.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
  }, [bitmap, edit.rotation]);

  const rotate = (by: 90 | -90) =>
    setEdit((current) => ({ ...current, rotation: turned(current.rotation, by) }));
  const trim = (side: CropSide, percent: number) =>
    setEdit((current) => ({
      ...current,
      crop: { ...current.crop, [side]: clampTrim(percent / 100) },
    }));
  const { top, right, bottom, left } = edit.crop;

  return (
    <section className="photo-editor" aria-labelledby={titleId}>
      <h3 className="photo-editor__title" id={titleId}>
        Crop and rotate
      </h3>
      <div className="photo-editor__preview">
        <canvas
          ref={canvas}
          className="photo-editor__canvas"
          role="img"
          aria-label={`Preview of ${photo.name}`}
        />
        <div
          className="photo-editor__crop"
          aria-hidden="true"
          style={{
            top: `${top * 100}%`,
            right: `${right * 100}%`,
            bottom: `${bottom * 100}%`,
            left: `${left * 100}%`,
          }}
        />
      </div>
      <p className="photo-editor__turn" aria-live="polite">
        Turned {edit.rotation}°
      </p>
      <div className="photo-editor__rotate">
        <Button variant="outline" size="sm" onClick={() => rotate(-90)}>
          Rotate left
        </Button>
        <Button variant="outline" size="sm" onClick={() => rotate(90)}>
          Rotate right
        </Button>
      </div>
      <div className="photo-editor__trims">
        {SIDES.map(({ side, label }) => {
          const id = `${fieldId}-${side}`;
          const percent = Math.round(edit.crop[side] * 100);
          return (
            <Field
              key={side}
              id={id}
              label={label}
              labelAside={<span className="photo-editor__percent">{percent}%</span>}
              control={
                <input
                  id={id}
                  type="range"
                  className="photo-editor__range"
                  min={0}
                  max={MAX_TRIM * 100}
                  step={1}
                  value={percent}
                  aria-valuetext={`${percent}%`}
                  onChange={(event) => trim(side, Number(event.target.value))}
                />
              }
            />
          );
        })}
      </div>
      <div className="photo-editor__actions">
        <Button variant="primary" onClick={() => onUse(edit)}>
          Upload photo
        </Button>
        <Button variant="outline" onClick={onSkip}>
          Skip: upload as taken
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
