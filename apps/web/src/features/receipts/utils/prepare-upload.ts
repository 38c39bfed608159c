import { scaledSize, uploadKind } from './upload-rules';

export interface PreparedUpload {
  blob: Blob;
  filename: string;
}

/**
 * The bytes that go up: photos drawn at long side ≤ 2048 px (EXIF rotation applied) and
 * re-encoded as JPEG; HEIC and PDF unchanged. A photo the browser cannot draw goes up as it
 * is, and the server decides.
 */
export async function prepareUpload(file: File): Promise<PreparedUpload> {
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
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return { blob: file, filename: file.name };
    // JPEG has no transparency: a transparent screenshot gets white paper, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.9),
    );
    if (!blob) return { blob: file, filename: file.name };
    return { blob, filename: file.name.replace(/\.[^.]*$/, '') + '.jpg' };
  } finally {
    bitmap.close();
  }
}
