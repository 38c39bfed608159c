import { describe, expect, it } from '@jest/globals';
import { UploadMessages } from '@snaptrack/contracts/core';
import { folderFiles } from './folder-files';
import { MAX_UPLOAD_BYTES } from './upload-rules';

const file = (webkitRelativePath: string, type: string, size = 1000) => ({
  name: webkitRelativePath.split('/').pop()!,
  webkitRelativePath,
  type,
  size,
});

describe('folderFiles', () => {
  it('takes images and PDFs, skips hidden files, refuses the rest with reasons', () => {
    const chosen = [
      file('trip/taxi.jpg', 'image/jpeg'),
      file('trip/hotel.pdf', 'application/pdf'),
      file('trip/scans/lunch.heic', ''),
      file('trip/notes.txt', 'text/plain'),
      file('trip/old.zip', 'application/zip'),
      file('trip/.DS_Store', ''),
      file('trip/__MACOSX/._taxi.jpg', 'image/jpeg'),
      file('trip/poster.png', 'image/png', MAX_UPLOAD_BYTES),
    ];
    const { files, refused } = folderFiles(chosen);
    expect(files.map((f) => f.webkitRelativePath)).toEqual([
      'trip/taxi.jpg',
      'trip/hotel.pdf',
      'trip/scans/lunch.heic',
    ]);
    expect(refused).toEqual([
      { name: 'trip/notes.txt', reason: UploadMessages.notImage },
      { name: 'trip/old.zip', reason: UploadMessages.notImage },
      { name: 'trip/poster.png', reason: UploadMessages.tooLarge },
    ]);
  });

  it('names a file by its name when the browser gives no path', () => {
    const bare = { name: 'memo.docx', type: 'application/msword', size: 10 };
    expect(folderFiles([bare]).refused).toEqual([
      { name: 'memo.docx', reason: UploadMessages.notImage },
    ]);
  });
});
