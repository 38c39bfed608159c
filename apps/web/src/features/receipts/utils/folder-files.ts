import { isNoise, type Refusal } from './unpack-zip';
import { rejectReason } from './upload-rules';

/** A chosen folder's file: its path inside the folder when the browser gives one. */
type FolderFile = Pick<File, 'name' | 'type' | 'size'> & { webkitRelativePath?: string };

/**
 * The files of a folder chosen with "Choose a folder" (`webkitdirectory`), sub-folders
 * included: images and PDFs are taken, hidden files and `__MACOSX` skipped silently, anything
 * else refused with its reason under its path in the folder. A .zip inside is refused too: a
 * folder is taken as it is, and a zip is chosen on its own.
 */
export function folderFiles<T extends FolderFile>(
  chosen: readonly T[],
): { files: T[]; refused: Refusal[] } {
  const files: T[] = [];
  const refused: Refusal[] = [];
  for (const file of chosen) {
    const path = file.webkitRelativePath || file.name;
    if (isNoise(path)) continue;
    const reason = rejectReason(file);
    if (reason) refused.push({ name: path, reason });
    else files.push(file);
  }
  return { files, refused };
}
