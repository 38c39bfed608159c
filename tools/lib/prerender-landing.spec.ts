import { describe, expect, it } from '@jest/globals';
import { landingHtml, routeAssets } from './prerender-landing.mjs';

const manifest = {
  'src/main.tsx': {
    file: 'assets/index-a.js',
    imports: ['_shared.js'],
    css: ['assets/index-a.css'],
  },
  '_shared.js': { file: 'assets/shared-b.js' },
  'src/landing.tsx': {
    file: 'assets/landing-c.js',
    imports: ['_shared.js', '_copy.js'],
    css: ['assets/landing-c.css'],
  },
  '_copy.js': { file: 'assets/copy-d.js', css: ['assets/copy-d.css'] },
};
const index = [
  '<html><head>',
  '<script type="module" crossorigin src="/assets/index-a.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/shared-b.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-a.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

describe('the landing page prerender', () => {
  it("collects a route's chunks and styles through its imports", () => {
    expect(routeAssets(manifest, ['src/landing.tsx'])).toEqual({
      scripts: ['assets/landing-c.js', 'assets/shared-b.js', 'assets/copy-d.js'],
      styles: ['assets/landing-c.css', 'assets/copy-d.css'],
    });
  });

  it('puts the page in #root and links only what index.html does not already', () => {
    const html = landingHtml(index, '<main>Hi</main>', routeAssets(manifest, ['src/landing.tsx']));
    expect(html).toContain('<div id="root" data-prerendered="/"><main>Hi</main></div>');
    expect(html.match(/shared-b\.js/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/copy-d.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-c.js">');
    expect(html.indexOf('landing-c.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('refuses an index.html without an empty #root', () => {
    const none = { scripts: [], styles: [] };
    expect(() => {
      landingHtml('<head></head><div id="app"></div>', '', none);
    }).toThrow(/no empty #root/);
  });
});
