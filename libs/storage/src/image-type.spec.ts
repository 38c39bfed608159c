import { describe, expect, it } from '@jest/globals';
import { detectImageType } from './image-type.js';

function ftyp(major: string, compatible: string[] = []): Buffer {
  const brands = [major, '\0\0\0\0', ...compatible].join('');
  const size = 8 + brands.length;
  const box = Buffer.alloc(size + 16);
  box.writeUInt32BE(size, 0);
  box.write(`ftyp${brands}`, 4, 'latin1');
  return box;
}

describe('detectImageType', () => {
  it.each([
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])],
    ['png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])],
    ['webp', Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1')],
    ['heic', ftyp('heic', ['mif1', 'heic'])],
    ['heic', ftyp('mif1', ['heic'])],
    ['pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1')],
    ['pdf', Buffer.concat([Buffer.from('\r\n\r\n'), Buffer.from('%PDF-1.4\n')])],
  ])('detects %s', (type, bytes) => {
    expect(detectImageType(bytes)).toBe(type);
  });

  it.each([
    ['AVIF', ftyp('avif', ['mif1', 'miaf'])],
    ['generic HEIF without a HEVC brand', ftyp('mif1', ['avif'])],
    ['GIF', Buffer.from('GIF89a', 'latin1')],
    ['text', Buffer.from('hello world')],
    ['a truncated JPEG marker', Buffer.from([0xff, 0xd8])],
    ['empty input', Buffer.alloc(0)],
  ])('rejects %s', (_name, bytes) => {
    expect(detectImageType(bytes)).toBeNull();
  });
});
