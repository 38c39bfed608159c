import { describe, expect, it } from '@jest/globals';
import { droppedFiles } from './dropped-files';

// Drops are built from plain objects shaped like the browser's entries: jsdom has no
// FileSystemEntry, and the walk only reads these members.

type FakeEntry = {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
  file?: (resolve: (file: File) => void) => void;
  createReader?: () => { readEntries: (resolve: (entries: FakeEntry[]) => void) => void };
};

const fileEntry = (name: string): FakeEntry => ({
  name,
  isFile: true,
  isDirectory: false,
  file: (resolve) => resolve(new File([name], name, { type: 'image/jpeg' })),
});

/** A folder whose reader answers in batches of two, then an empty batch, as browsers do. */
const folder = (name: string, children: FakeEntry[]): FakeEntry => ({
  name,
  isFile: false,
  isDirectory: true,
  createReader: () => {
    let at = 0;
    return {
      readEntries: (resolve) => {
        resolve(children.slice(at, at + 2));
        at += 2;
      },
    };
  },
});

const drop = (entries: FakeEntry[], files: File[] = []) =>
  ({
    items: entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry })),
    files,
  }) as unknown as DataTransfer;

describe('droppedFiles', () => {
  it('walks dropped folders, every batch of every level, skipping hidden files', async () => {
    const files = await droppedFiles(
      drop([
        folder('march', [
          fileEntry('a.jpg'),
          fileEntry('.DS_Store'),
          fileEntry('b.jpg'),
          folder('week-2', [fileEntry('c.jpg'), fileEntry('d.jpg'), fileEntry('e.jpg')]),
        ]),
        fileEntry('loose.jpg'),
      ]),
    );
    expect(files.map((file) => file.name).sort()).toEqual([
      'a.jpg',
      'b.jpg',
      'c.jpg',
      'd.jpg',
      'e.jpg',
      'loose.jpg',
    ]);
  });

  it('takes the files as they are when no folder was dropped', async () => {
    const loose = [new File(['x'], 'x.jpg')];
    expect(await droppedFiles(drop([fileEntry('x.jpg')], loose))).toEqual(loose);
  });
});
