import { convert } from 'html-to-text';

/** HTML beyond this is cut before conversion: a size bound for the HTML parser. */
export const MAX_HTML_TO_CONVERT = 2 * 1024 * 1024;

/**
 * Readable text from an e-receipt's HTML: table rows stay on one line with their cells
 * spaced apart (so "Total  $20.75" reads as a total), images, scripts, styles and link
 * targets are dropped. Nothing is fetched: this only reads the markup.
 */
export function htmlToReceiptText(html: string): string {
  return convert(html.slice(0, MAX_HTML_TO_CONVERT), {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
