import { croppedArea, isNoEdit, NO_EDIT, type PhotoEdit } from './photo-edit';
import { scaledSize, uploadKind } from './upload-rules';

export interface PreparedUpload {
  blob: Blob;
  filename: string;
}

/**
 * The bytes that go up: photos drawn at long side ≤ 2048 px (EXIF rotation applied, then the
 * crop and rotate step's `edit`, in one drawing) and re-encoded as JPEG; HEIC and PDF
 * unchanged. A photo the browser cannot draw goes up as it is, and the server decides.
 */
export async function prepareUpload(
  file: File,
  edit: PhotoEdit = NO_EDIT,
): Promise<PreparedUpload> {
  if (uploadKind(file) !== 'image' || typeof createImageBitmap !== 'function') {
    return { blob: file, filename: file.name };
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { blob: file, filename: file.name };
  }
  try {
    const area = croppedArea(bitmap.width, bitmap.height, edit);
    const { width, height } = scaledSize(area.width, area.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return { blob: file, filename: file.name };
    // JPEG has no transparency: a transparent screenshot gets white paper, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    if (isNoEdit(edit)) {
      context.drawImage(bitmap, 0, 0, width, height);
    } else {
      // Scale, move the kept area to the origin, then turn the photo about its centre.
      const scale = width / area.width;
      const quarter = edit.rotation === 90 || edit.rotation === 270;
      const turnedWidth = quarter ? bitmap.height : bitmap.width;
      const turnedHeight = quarter ? bitmap.width : bitmap.height;
      context.scale(scale, scale);
      context.translate(-area.x, -area.y);
      context.translate(turnedWidth / 2, turnedHeight / 2);
      context.rotate((edit.rotation * Math.PI) / 180);
      context.drawImage(bitmap, -bitmap.width / 2, -bitmap.height / 2);
    }
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.9),
    );
    if (!blob) return { blob: file, filename: file.name };
    return { blob, filename: file.name.replace(/\.[^.]*$/, '') + '.jpg' };
  } finally {
    bitmap.close();
  }
}
