import { describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { MAX_UPLOAD_BYTES, UploadMessages } from './upload-rules';
import { unpackFiles, ZipMessages } from './unpack-zip';

const bytes = (text: string) => new TextEncoder().encode(text);
const zipOf = (entries: Record<string, Uint8Array>, name = 'receipts.zip') =>
  new File([zipSync(entries, { level: 1 })], name, {
    type: 'application/zip',
  });

describe('unpackFiles', () => {
  it('puts the receipts of a .zip in its place, typed by their names', async () => {
    const photo = new File(['jpeg'], 'loose.jpg', { type: 'image/jpeg' });
    const zip = zipOf({
      'march/taxi.JPG': bytes('a'),
      'march/hotel.pdf': bytes('b'),
      'march/': new Uint8Array(),
      '__MACOSX/march/._taxi.JPG': bytes('c'),
      '.DS_Store': bytes('d'),
    });
    const { files, refused } = await unpackFiles([photo, zip]);
    expect(files.map((file) => [file.name, file.type])).toEqual([
      ['loose.jpg', 'image/jpeg'],
      ['taxi.JPG', 'image/jpeg'],
      ['hotel.pdf', 'application/pdf'],
    ]);
    expect(await files[1]?.text()).toBe('a');
    expect(refused).toEqual([]);
  });

  it('refuses what is not a receipt and what is too large, with the upload messages', async () => {
    // Stored (level 0) would be as big as declared; deflated zeros keep the test's zip small.
    const big = new Uint8Array(MAX_UPLOAD_BYTES);
    const zip = zipOf({ 'notes.txt': bytes('hello'), 'scan.png': big, 'ok.webp': bytes('w') });
    const { files, refused } = await unpackFiles([zip]);
    expect(files.map((file) => file.name)).toEqual(['ok.webp']);
    expect(refused).toEqual([
      { name: 'receipts.zip/notes.txt', reason: UploadMessages.notImage },
      { name: 'receipts.zip/scan.png', reason: UploadMessages.tooLarge },
    ]);
  });

  it('refuses a file that only calls itself a zip', async () => {
    const fake = new File(['not a zip'], 'broken.zip', { type: 'application/zip' });
    expect(await unpackFiles([fake])).toEqual({
      files: [],
      refused: [{ name: 'broken.zip', reason: ZipMessages.unreadable }],
    });
  });
});
