import { MAX_UPLOAD_BYTES, uploadKind, UploadMessages } from './upload-rules';

/** A file that will not go up, and why (the spec's words where it has them). */
export interface Refusal {
  name: string;
  reason: string;
}

/** A .zip is read whole into memory before it is unpacked: this much at most. */
export const MAX_ZIP_BYTES = 200 * 1024 * 1024;

export const ZipMessages = {
  tooLarge: 'A .zip file must be less than 200MB',
  unreadable: 'This .zip file could not be opened',
} as const;

/** A zip carries no types: the type the browser would give the file by its name. */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
};

export function isZip(file: Pick<File, 'name' | 'type'>): boolean {
  return /zip/.test(file.type) || file.name.toLowerCase().endsWith('.zip');
}

/** Folders, macOS resource forks and hidden files are not receipts, nor worth a refusal. */
export function isNoise(path: string): boolean {
  return (
    path.endsWith('/') ||
    path.split('/').some((part) => part.startsWith('.') || part === '__MACOSX')
  );
}

/**
 * The receipts inside a .zip, as files named after the entry. An entry that is not a receipt
 * or is over the size limit is refused by what the zip declares, before it is inflated.
 * Synchronous unzipping: fflate's workers would need a blob: worker, which the CSP refuses.
 */
export async function unpackZip(zip: File): Promise<{ files: File[]; refused: Refusal[] }> {
  if (zip.size >= MAX_ZIP_BYTES) {
    return { files: [], refused: [{ name: zip.name, reason: ZipMessages.tooLarge }] };
  }
  const refused: Refusal[] = [];
  let entries: Record<string, Uint8Array>;
  try {
    // Loaded on the first .zip only: the dashboard's bundle stays as it was.
    const { unzipSync } = await import('fflate');
    entries = unzipSync(new Uint8Array(await zip.arrayBuffer()), {
      filter: (entry) => {
        if (isNoise(entry.name)) return false;
        const name = `${zip.name}/${entry.name}`;
        if (!uploadKind({ name: entry.name, type: typeOf(entry.name) })) {
          refused.push({ name, reason: UploadMessages.notImage });
          return false;
        }
        if (entry.originalSize >= MAX_UPLOAD_BYTES) {
          refused.push({ name, reason: UploadMessages.tooLarge });
          return false;
        }
        return true;
      },
    });
  } catch {
    return { files: [], refused: [{ name: zip.name, reason: ZipMessages.unreadable }] };
  }
  const files = Object.entries(entries).map(([path, bytes]) => {
    const name = path.split('/').pop() ?? path;
    return new File([bytes as Uint8Array<ArrayBuffer>], name, { type: typeOf(name) });
  });
  return { files, refused };
}

function typeOf(name: string): string {
  return TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? '';
}

/** Every file chosen or dropped, with the receipts of each .zip in place of the .zip. */
export async function unpackFiles(
  chosen: readonly File[],
): Promise<{ files: File[]; refused: Refusal[] }> {
  const files: File[] = [];
  const refused: Refusal[] = [];
  for (const file of chosen) {
    if (!isZip(file)) {
      files.push(file);
      continue;
    }
    const unpacked = await unpackZip(file);
    files.push(...unpacked.files);
    refused.push(...unpacked.refused);
  }
  return { files, refused };
}
