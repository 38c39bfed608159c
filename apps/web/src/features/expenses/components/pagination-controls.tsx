import { useId } from 'react';
import { Button } from '@/components/ui/button';
import type { Pagination } from '@/types/api';
import { PAGE_SIZES, pageItems } from '../utils/pagination';

type PaginationControlsProps = {
  pagination: Pagination;
  onPage: (page: number) => void;
  onPageSize: (limit: number) => void;
};

/** Previous, the page numbers (ellipses beyond five pages), Next, and the page size. */
export function PaginationControls({ pagination, onPage, onPageSize }: PaginationControlsProps) {
  const sizeId = useId();
  const { current_page: current, total_pages: total } = pagination;
  return (
    <nav className="pagination" aria-label="Pages">
      <div className="pagination__pages">
        <Button
          variant="outline"
          size="sm"
          disabled={!pagination.has_prev_page}
          onClick={() => onPage(current - 1)}
        >
          Previous
        </Button>
        {pageItems(current, total).map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              variant={item === current ? 'primary' : 'ghost'}
              size="sm"
              aria-label={`Page ${item}`}
              aria-current={item === current ? 'page' : undefined}
              onClick={() => onPage(item)}
            >
              {item}
            </Button>
          ) : (
            <span key={item} className="pagination__gap" aria-hidden="true">
              …
            </span>
          ),
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={!pagination.has_next_page}
          onClick={() => onPage(current + 1)}
        >
          Next
        </Button>
      </div>
      <div className="pagination__size">
        <label htmlFor={sizeId}>Per page</label>
        <select
          id={sizeId}
          className="input input--compact"
          value={pagination.per_page}
          onChange={(event) => onPageSize(Number(event.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </nav>
  );
}
