/** File types the service recognises by their magic bytes (never by name or Content-Type). */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'heic' | 'pdf';

// ISO-BMFF brands used by HEIF/HEIC stills and sequences. `mif1`/`msf1` are generic HEIF
// brands that AVIF files use too, so they only count when a HEVC brand is also listed.
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);

function ascii(buf: Buffer, start: number, end: number): string {
  return buf.toString('latin1', start, end);
}

function isHeic(buf: Buffer): boolean {
  if (buf.length < 16 || ascii(buf, 4, 8) !== 'ftyp') return false;
  const major = ascii(buf, 8, 12);
  if (HEVC_BRANDS.has(major)) return true;
  if (!GENERIC_HEIF_BRANDS.has(major)) return false;
  // The ftyp box lists compatible brands after the major brand and minor version.
  const boxSize = Math.min(buf.readUInt32BE(0), buf.length);
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    if (HEVC_BRANDS.has(ascii(buf, offset, offset + 4))) return true;
  }
  return false;
}

/** Detects the type of an upload from its first bytes; `null` when it is none of the accepted types. */
export function detectImageType(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP')
    return 'webp';
  if (isHeic(buf)) return 'heic';
  // PDF readers accept the header anywhere in the first 1024 bytes.
  if (buf.subarray(0, 1024).includes('%PDF-', 0, 'latin1')) return 'pdf';
  return null;
}

const CONTENT_TYPES: Readonly<Record<ImageType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
};

const EXTENSIONS: Readonly<Record<ImageType, string>> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  pdf: 'pdf',
};

/** How many leading bytes `detectImageType` may need (a PDF header can sit anywhere in 1 KiB). */
export const IMAGE_TYPE_SNIFF_BYTES = 1024;

export function contentTypeOf(type: ImageType): string {
  return CONTENT_TYPES[type];
}

export function extensionOf(type: ImageType): string {
  return EXTENSIONS[type];
}
