import { useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Spinner } from '@/components/ui/spinner';
import type { Expense, ImageBox } from '@/types/api';
import { NO_RECEIPT_MESSAGE, useReceiptImageUrl } from './receipt-dialog';

type ReviewImageProps = {
  expense: Expense;
  /** The box to highlight, in pixels of the stored image; null for none. */
  box: ImageBox | null;
  /** Which field the box is (tests read it from `data-field`). */
  boxLabel?: string;
};

/**
 * The receipt image with the box of the field in hand drawn over it. The box is placed in
 * percent of the image's own size (the API's pixels), so it stays on the text at any width.
 * A receipt that came as the text of a mail has no image: its text is shown, as the card does.
 */
export function ReviewImage({ expense, box, boxLabel }: ReviewImageProps) {
  if (expense.extraction_method === 'text') return <MailedReceipt expense={expense} />;
  return <ReceiptImageWithBox expense={expense} box={box} boxLabel={boxLabel} />;
}

/** The mail's subject and text, read as the receipt. */
function MailedReceipt({ expense }: { expense: Expense }) {
  return (
    <figure className="review-mail">
      <figcaption className="review-mail__subject">
        Email receipt{expense.email_subject ? `: ${expense.email_subject}` : ''}
      </figcaption>
      <pre className="email-receipt review-mail__text" tabIndex={0}>
        {expense.raw_ocr_text || NO_RECEIPT_MESSAGE}
      </pre>
    </figure>
  );
}

function ReceiptImageWithBox({ expense, box, boxLabel }: ReviewImageProps) {
  const { url, failed } = useReceiptImageUrl(expense.image_url);
  const [size, setSize] = useState<{ url: string; width: number; height: number } | null>(null);
  if (!expense.image_url) {
    return <p className="review-image__none">This expense has no receipt image.</p>;
  }
  if (failed) return <Banner tone="error">The receipt image could not be loaded.</Banner>;
  if (!url) return <Spinner label="Loading receipt…" showLabel />;
  const natural = size?.url === url ? size : null;
  return (
    <div className="review-image">
      <img
        className="review-image__img"
        src={url}
        alt={`Receipt from ${expense.vendor || 'an unknown vendor'}`}
        onLoad={(event) =>
          setSize({
            url,
            width: event.currentTarget.naturalWidth,
            height: event.currentTarget.naturalHeight,
          })
        }
      />
      {box && natural ? (
        <div
          className="review-image__box"
          data-testid="review-highlight"
          data-field={boxLabel}
          aria-hidden="true"
          style={{
            left: `${(box.x / natural.width) * 100}%`,
            top: `${(box.y / natural.height) * 100}%`,
            width: `${(box.width / natural.width) * 100}%`,
            height: `${(box.height / natural.height) * 100}%`,
          }}
        />
      ) : null}
    </div>
  );
}
