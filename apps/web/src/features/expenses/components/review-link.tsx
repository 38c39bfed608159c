import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useReviewCount } from '../api/get-review-queue';
import './review.css';

/** "To review" in the header, with how many receipts wait for a human. */
export function ReviewLink() {
  const count = useReviewCount();
  const n = count.data ?? 0;
  return (
    <Link to={paths.review} className={buttonClassName('ghost', 'sm', 'review-link')}>
      To review
      {count.data !== undefined ? (
        <span className={`count-badge${n === 0 ? ' count-badge--none' : ''}`}>
          <span className="sr-only">: </span>
          {n}
        </span>
      ) : null}
    </Link>
  );
}
