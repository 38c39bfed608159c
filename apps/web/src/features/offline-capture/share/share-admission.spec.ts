import { describe, expect, it } from '@jest/globals';
import { ReceiptUploadLimits, ShareMessages, ShareTargetLimits } from '@snaptrack/contracts/core';
import { admitShared, type IncomingFile, type ShareInbox } from './share-admission';

// Any website can post a form to the share target: what waits on the device for the person's
// confirmation is capped by count, by each file's size and by bytes together.

const MB = 1024 * 1024;
const file = (name: string, size: number) =>
  ({ name, type: 'image/jpeg', size, slice: () => new Blob() }) as unknown as IncomingFile;
const empty: ShareInbox = { files: [], refused: [] };
let next = 0;
const ids = () => `id-${(next += 1)}`;

describe('admitShared', () => {
  it('keeps files within the caps, each with an id, name, type and size', () => {
    const inbox = admitShared(empty, [file('a.jpg', MB), file('b.jpg', 2 * MB)], ids);
    expect(inbox.files.map(({ name, size }) => ({ name, size }))).toEqual([
      { name: 'a.jpg', size: MB },
      { name: 'b.jpg', size: 2 * MB },
    ]);
    expect(new Set(inbox.files.map((kept) => kept.id)).size).toBe(2);
    expect(inbox.refused).toEqual([]);
  });

  it('refuses files past the count, counting what already waits', () => {
    const many = Array.from({ length: ShareTargetLimits.maxFiles - 1 }, (_, i) =>
      file(`${i}.jpg`, 1024),
    );
    const first = admitShared(empty, many, ids);
    const second = admitShared(first, [file('last.jpg', 1024), file('extra.jpg', 1024)], ids);
    expect(second.files).toHaveLength(ShareTargetLimits.maxFiles);
    expect(second.refused).toEqual([{ name: 'extra.jpg', reason: ShareMessages.tooMany }]);
  });

  it('refuses a file of the upload limit or more, and bytes past the total', () => {
    const big = ReceiptUploadLimits.maxBytes - 1;
    const filling = Array.from({ length: Math.floor(ShareTargetLimits.maxBytes / big) }, (_, i) =>
      file(`${i}.jpg`, big),
    );
    const inbox = admitShared(
      empty,
      [file('huge.jpg', ReceiptUploadLimits.maxBytes), ...filling, file('over.jpg', big)],
      ids,
    );
    expect(inbox.files).toHaveLength(filling.length);
    expect(inbox.files.reduce((sum, kept) => sum + kept.size, 0)).toBeLessThanOrEqual(
      ShareTargetLimits.maxBytes,
    );
    expect(inbox.refused).toEqual([
      { name: 'huge.jpg', reason: ShareMessages.tooLarge },
      { name: 'over.jpg', reason: ShareMessages.tooMuch },
    ]);
  });

  it('keeps only the latest refusals, however often a page posts', () => {
    let inbox = empty;
    for (let i = 0; i < 100; i += 1) {
      inbox = admitShared(inbox, [file(`huge-${i}.jpg`, ReceiptUploadLimits.maxBytes)], ids);
    }
    expect(inbox.refused).toHaveLength(ShareTargetLimits.maxFiles);
    expect(inbox.refused.at(-1)?.name).toBe('huge-99.jpg');
  });
});
