import { createStore, del, get, set } from 'idb-keyval';

// Files shared to SnapTrack (Web Share Target): the service worker puts them here, the
// dashboard takes them out into the upload card.

interface SharedFile {
  name: string;
  type: string;
  blob: Blob;
}

const store = createStore('snaptrack-share-inbox', 'files');
const KEY = 'pending';

export async function putSharedFiles(files: File[]): Promise<void> {
  const kept = (await get<SharedFile[]>(KEY, store)) ?? [];
  const added = files.map((file) => ({ name: file.name, type: file.type, blob: file }));
  await set(KEY, [...kept, ...added], store);
}

/** The shared files, once: they leave the inbox as they are handed over. */
export async function takeSharedFiles(): Promise<File[]> {
  const kept = (await get<SharedFile[]>(KEY, store)) ?? [];
  if (kept.length === 0) return [];
  await del(KEY, store);
  return kept.map((file) => new File([file.blob], file.name, { type: file.type }));
}
