import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/**
 * DejaVu Sans instead of the PDF base fonts: those cover Latin-1 only, and receipts come with
 * accents, Greek, Cyrillic and symbols. The font ships in an npm package, so nothing is fetched.
 */
export const PdfFonts = {
  regular: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
};
