/** Page sizes the list offers (docs/api.md, `GET /api/expenses`); 25 is the default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export type PageItem = number | 'gap-before' | 'gap-after';

/**
 * The page buttons: every page when there are 5 or fewer, otherwise the first, the last and
 * the current page's neighbours, with an ellipsis wherever pages are left out.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 5) return Array.from({ length: total }, (_, index) => index + 1);
  const shown = new Set([1, total, current - 1, current, current + 1]);
  const pages = [...shown].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const page of pages) {
    const previous = items[items.length - 1];
    if (typeof previous === 'number' && page - previous > 1) {
      items.push(page < current ? 'gap-before' : 'gap-after');
    }
    items.push(page);
  }
  return items;
}

/** `page` and `limit` from the URL, falling back to 1 and 25 for anything else. */
export function readPageParams(params: URLSearchParams): { page: number; limit: number } {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_PAGE_SIZE,
  };
}
