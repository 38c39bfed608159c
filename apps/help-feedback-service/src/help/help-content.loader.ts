import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';

export interface CategoryFile {
  key: string;
  title: string;
  description: string;
  position: number;
}

export interface ArticleFile {
  key: string;
  title: string;
  excerpt: string;
  category: string;
  position: number;
  videoUrl: string | null;
  content: string;
}

export interface HelpContent {
  categories: CategoryFile[];
  articles: ArticleFile[];
}

const KEY = /^[a-z0-9-]{1,60}$/;
const CATEGORY_FILE = '_category.md';

/**
 * Reads `<dir>/<category>/_category.md` and the articles beside it. Bad content stops the
 * service at start with the file named, rather than serving half a help centre.
 */
export async function loadHelpContent(dir: string): Promise<HelpContent> {
  const categories: CategoryFile[] = [];
  const articles: ArticleFile[] = [];
  const folders = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory());
  for (const folder of folders) {
    const folderPath = path.join(dir, folder.name);
    const files = (await readdir(folderPath)).filter((name) => name.endsWith('.md')).sort();
    if (!files.includes(CATEGORY_FILE)) {
      throw new Error(`Help folder ${folderPath} has no ${CATEGORY_FILE}`);
    }
    for (const name of files) {
      const file = path.join(folderPath, name);
      const parsed = matter(await readFile(file, 'utf8'));
      const data = parsed.data as Record<string, unknown>;
      if (name === CATEGORY_FILE) categories.push(parseCategory(data, file));
      else articles.push(parseArticle(data, parsed.content, file));
    }
  }
  checkConsistency(categories, articles);
  return {
    categories: categories.sort((a, b) => a.position - b.position || a.key.localeCompare(b.key)),
    articles,
  };
}

export function parseCategory(data: Record<string, unknown>, file: string): CategoryFile {
  return {
    key: key(data.key, file),
    title: text(data.title, 'title', file),
    description: optionalText(data.description, 'description', file) ?? '',
    position: position(data.order, file),
  };
}

export function parseArticle(
  data: Record<string, unknown>,
  content: string,
  file: string,
): ArticleFile {
  const videoUrl = optionalText(data.video_url, 'video_url', file);
  if (videoUrl !== null && !/^https:\/\/\S+$/.test(videoUrl)) {
    throw new Error(`${file}: video_url must be an https:// address`);
  }
  if (!content.trim()) throw new Error(`${file}: the article has no body`);
  return {
    key: key(data.key, file),
    title: text(data.title, 'title', file),
    excerpt: optionalText(data.excerpt, 'excerpt', file) ?? '',
    category: key(data.category, file, 'category'),
    position: position(data.order, file),
    videoUrl,
    content: content.trim(),
  };
}

function checkConsistency(categories: CategoryFile[], articles: ArticleFile[]): void {
  const categoryKeys = new Set<string>();
  for (const category of categories) {
    if (categoryKeys.has(category.key)) throw new Error(`Duplicate help category ${category.key}`);
    categoryKeys.add(category.key);
  }
  const articleKeys = new Set<string>();
  for (const article of articles) {
    if (articleKeys.has(article.key)) throw new Error(`Duplicate help article ${article.key}`);
    if (!categoryKeys.has(article.category)) {
      throw new Error(`Help article ${article.key} names unknown category ${article.category}`);
    }
    articleKeys.add(article.key);
  }
}

function key(value: unknown, file: string, field = 'key'): string {
  if (typeof value !== 'string' || !KEY.test(value)) {
    throw new Error(`${file}: ${field} must be lowercase letters, digits and hyphens`);
  }
  return value;
}

function text(value: unknown, field: string, file: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new Error(`${file}: ${field} is required`);
  return value.trim();
}

function optionalText(value: unknown, field: string, file: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  return text(value, field, file);
}

function position(value: unknown, file: string): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new Error(`${file}: order must be a whole number`);
  }
  return value;
}
