import { describe, expect, it } from '@jest/globals';
import { rejectReason, scaledSize, uploadKind, UploadMessages } from './upload-rules';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('uploadKind', () => {
  it('redraws JPEG, PNG and WebP, and sends HEIC and PDF unchanged', () => {
    expect(uploadKind(file('a.jpg', 'image/jpeg'))).toBe('image');
    expect(uploadKind(file('a.png', 'image/png'))).toBe('image');
    expect(uploadKind(file('a.webp', 'image/webp'))).toBe('image');
    expect(uploadKind(file('IMG_1.HEIC', ''))).toBe('passthrough');
    expect(uploadKind(file('a.heic', 'image/heic'))).toBe('passthrough');
    expect(uploadKind(file('bill.pdf', 'application/pdf'))).toBe('passthrough');
    expect(uploadKind(file('notes.txt', 'text/plain'))).toBeNull();
  });
});

describe('rejectReason', () => {
  it('gives the upload messages the gateway gives too', () => {
    expect(rejectReason(file('notes.txt', 'text/plain'))).toBe(UploadMessages.notImage);
    expect(rejectReason(file('big.jpg', 'image/jpeg', 20 * 1024 * 1024))).toBe(
      UploadMessages.tooLarge,
    );
    expect(rejectReason(file('ok.jpg', 'image/jpeg', 20 * 1024 * 1024 - 1))).toBeNull();
  });
});

describe('scaledSize', () => {
  it('shrinks the long side to 2048 and never enlarges', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 2048, height: 1536 });
    expect(scaledSize(3000, 6000)).toEqual({ width: 1024, height: 2048 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
