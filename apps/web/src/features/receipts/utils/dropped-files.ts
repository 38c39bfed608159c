/**
 * The files of a drop, folders walked through (a dropped folder of receipts arrives as one
 * entry in `files`, which the browser cannot read). The entries are taken before any await:
 * the drop's DataTransfer empties once its event handler returns.
 */
export function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = Array.from(data.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => (typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null));
  if (!entries.some((entry) => entry?.isDirectory)) return Promise.resolve(Array.from(data.files));
  return Promise.all(entries.map((entry) => (entry ? filesOf(entry) : Promise.resolve([])))).then(
    (lists) => lists.flat(),
  );
}

async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return new Promise((resolve) =>
      (entry as FileSystemFileEntry).file(
        (file) => resolve([file]),
        () => resolve([]),
      ),
    );
  }
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries answers in batches (about 100) until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve) =>
      reader.readEntries(resolve, () => resolve([])),
    );
    if (batch.length === 0) break;
    children.push(...batch);
  }
  const lists = await Promise.all(
    children.filter((child) => !child.name.startsWith('.')).map(filesOf),
  );
  return lists.flat();
}
