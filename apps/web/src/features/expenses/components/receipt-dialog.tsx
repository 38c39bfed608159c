import { useEffect, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { apiFetch } from '@/lib/api-client';
import type { Expense } from '@/types/api';

export const NO_RECEIPT_MESSAGE = 'No receipt image or text data available for this expense.';

/** Whether the expense has something to show: an image, or the email it came from. */
export function hasReceipt(expense: Expense): boolean {
  return expense.extraction_method === 'text' || Boolean(expense.image_url);
}

/**
 * The receipt image as an object URL, fetched with the session's token (an <img src> could not
 * send it); revoked when the image changes or the component goes.
 */
export function useReceiptImageUrl(imageUrl: string | null) {
  const [loaded, setLoaded] = useState<{ for: string; url: string | null; failed: boolean }>();
  useEffect(() => {
    if (!imageUrl) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiFetch(imageUrl.replace(/^\/api/, ''), { signal: controller.signal })
      .then((response) => response.blob())
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ for: imageUrl, url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ for: imageUrl, url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [imageUrl]);
  const current = loaded?.for === imageUrl ? loaded : undefined;
  return { url: current?.url ?? null, failed: current?.failed ?? false };
}

/** The receipt image, fetched with the session's token. */
function ReceiptImage({ expense }: { expense: Expense }) {
  const { url, failed } = useReceiptImageUrl(expense.image_url);
  if (failed) return <Banner tone="error">The receipt image could not be loaded.</Banner>;
  if (!url) return <Spinner label="Loading receipt…" showLabel />;
  return <img className="receipt-image" src={url} alt={`Receipt from ${expense.vendor}`} />;
}

type ReceiptDialogProps = { expense: Expense | null; onClose: () => void };

/** 'Email Receipt' for expenses that came by email; the image for photographed ones. */
export function ReceiptDialog({ expense, onClose }: ReceiptDialogProps) {
  if (!expense) return null;
  const email = expense.extraction_method === 'text';
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={email ? 'Email Receipt' : 'Receipt'}
      description={email ? (expense.email_subject ?? undefined) : undefined}
    >
      {email ? (
        <pre className="email-receipt">{expense.raw_ocr_text || NO_RECEIPT_MESSAGE}</pre>
      ) : (
        <ReceiptImage expense={expense} />
      )}
    </Dialog>
  );
}
