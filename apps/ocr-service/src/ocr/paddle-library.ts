import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * A class of @gutenye/ocr-common that the package does not export, loaded by its file next to the
 * entry point (the same module instance the library uses): `paddleLibraryClass('models/ModelBase',
 * 'ModelBase')`. Null when a release has moved or renamed it.
 */
export async function paddleLibraryClass<T>(file: string, name: string): Promise<T | null> {
  try {
    const entry = createRequire(import.meta.url).resolve('@gutenye/ocr-common');
    const url = pathToFileURL(entry.replace(/index\.js$/, `${file}.js`)).href;
    const loaded = (await import(url)) as Record<string, T | undefined>;
    return loaded[name] ?? null;
  } catch {
    return null;
  }
}
