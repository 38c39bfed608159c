import { describe, expect, it } from '@jest/globals';
import { loadHelpContent, parseArticle } from './help-content.loader.js';

describe('loadHelpContent', () => {
  it('loads the repository help content with the articles the app links to', async () => {
    const content = await loadHelpContent('content/help');
    const keys = content.articles.map((article) => article.key);
    expect(keys).toEqual(
      expect.arrayContaining(['first-receipt', 'category-management', 'email-formats']),
    );
    for (const category of content.categories) {
      expect(content.articles.some((article) => article.category === category.key)).toBe(true);
    }
    expect(content.categories[0]?.key).toBe('getting-started');
  });
});

describe('parseArticle', () => {
  const data = { key: 'a-b', title: 'T', category: 'c', order: 1 };

  it('accepts an https video_url and refuses anything else', () => {
    expect(parseArticle({ ...data, video_url: 'https://v.example/x' }, 'Body', 'f').videoUrl).toBe(
      'https://v.example/x',
    );
    expect(() => parseArticle({ ...data, video_url: 'javascript:alert(1)' }, 'Body', 'f')).toThrow(
      /video_url/,
    );
  });

  it('refuses bad keys and empty bodies, naming the file', () => {
    expect(() => parseArticle({ ...data, key: 'Bad Key' }, 'Body', 'x.md')).toThrow(/x\.md: key/);
    expect(() => parseArticle(data, '  ', 'y.md')).toThrow(/y\.md: the article has no body/);
  });
});
