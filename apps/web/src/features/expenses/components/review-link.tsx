import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { ClipboardCheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useReviewCount } from '../api/get-review-queue';
import './review.css';

/**
 * "To review" in the header, with how many receipts wait for a human. In the wide bar, where
 * every action must fit on one line, the words are for screen readers (and the tooltip) only.
 */
export function ReviewLink() {
  const count = useReviewCount();
  const n = count.data ?? 0;
  return (
    <Link
      to={paths.review}
      className={buttonClassName('ghost', 'sm', 'review-link')}
      title="To review"
    >
      <ClipboardCheckIcon />
      <span className="review-link__label">To review</span>
      {count.data !== undefined ? (
        <span className={`count-badge${n === 0 ? ' count-badge--none' : ''}`}>
          <span className="sr-only">: </span>
          {n}
        </span>
      ) : null}
    </Link>
  );
}
