/**
 * @jest-environment jsdom
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render } from '@testing-library/react';
import { HelpMarkdown } from './help-markdown';

// Every article of content/help renders as the help centre shows it, with no markdown left raw
// (a table's `|---|` row, `**`, `[text](link)`, a `#` heading, a backtick).

// The SPA's types have no Node: this test alone reads the repository's files, with these two.
type NodeFs = {
  readdirSync(dir: URL, options: { recursive: true; encoding: 'utf8' }): string[];
  readFileSync(file: URL, encoding: 'utf8'): string;
};
// (a computed name: the SPA's type-check does not look for Node's module)
const fs = (await import(`node:${'fs'}`)) as NodeFs;
const HELP = new URL('../../../../../../content/help/', import.meta.url);

function articles(): { file: string; body: string }[] {
  return fs
    .readdirSync(HELP, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md') && !file.endsWith('_category.md'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(new URL(file, HELP), 'utf8');
      // The front matter is the loader's; the body is what the help centre renders.
      return { file, body: text.replace(/^---\n[\s\S]*?\n---\n/, '') };
    });
}

/** Markdown syntax that shows when a construct was not understood. */
const RAW_MARKDOWN: [string, RegExp][] = [
  ['a table row', /\|\s*:?-{3,}/],
  ['a table cell', /\S\s+\|\s+\S.*\|/],
  ['bold', /\*\*\S/],
  ['a link', /\]\(/],
  ['a heading', /(^|\n)#{1,6} /],
  ['code', /`/],
  ['strikethrough', /~~\S/],
];

afterEach(cleanup);

describe('help articles', () => {
  it('finds the articles', () => {
    expect(articles().length).toBeGreaterThan(40);
  });

  it.each(articles().map(({ file, body }) => [file, body]))(
    '%s renders without raw markdown',
    (_file, body) => {
      const { container } = render(<HelpMarkdown>{body}</HelpMarkdown>);
      const text = container.textContent ?? '';
      const left = RAW_MARKDOWN.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
      expect(left).toEqual([]);
    },
  );

  it('draws a GitHub table as a table with its header', () => {
    const body = fs.readFileSync(new URL('organizing/category-management.md', HELP), 'utf8');
    const { container } = render(<HelpMarkdown>{body}</HelpMarkdown>);
    const headers = [...container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['', 'Entities', 'Tags']);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(4);
  });
});
