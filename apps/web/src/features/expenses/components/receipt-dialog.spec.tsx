/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import {
  apiError,
  signInTestUser,
  stubApi,
  type FakeReply,
  type RecordedRequest,
} from '@/testing/fake-api';
import '@/testing/async-timeout';
import { anExpense } from '@/testing/expense-fixture';
import { ReceiptDialog } from './receipt-dialog';

// Receipt dialog: a mailed receipt shows its text (or the spec's 'no data' line); a
// photographed one fetches the image with the session's token, or says it could not.

let requests: RecordedRequest[];
let imageReply: FakeReply;

beforeEach(() => {
  signInTestUser();
  imageReply = { body: 'image-bytes', headers: { 'content-type': 'image/jpeg' } };
  URL.createObjectURL = () => 'blob:receipt';
  URL.revokeObjectURL = () => undefined;
  requests = stubApi(({ path }) => (path === '/api/expenses/exp-1/image' ? imageReply : undefined));
});
afterEach(cleanup);

const mailed = (text: string | null) =>
  anExpense({
    vendor: 'Shop',
    extraction_method: 'text',
    email_subject: 'Your order',
    raw_ocr_text: text,
  });
const photographed = anExpense({ image_url: '/api/expenses/exp-1/image' });

describe('ReceiptDialog', () => {
  it('shows the text of a mailed receipt under its subject', () => {
    render(<ReceiptDialog expense={mailed('TOTAL 12.50')} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Email Receipt' });
    expect(dialog.textContent).toContain('Your order');
    expect(dialog.textContent).toContain('TOTAL 12.50');
  });

  it('says when a mailed receipt has no text', () => {
    render(<ReceiptDialog expense={mailed(null)} onClose={() => undefined} />);
    expect(
      screen.getByText('No receipt image or text data available for this expense.'),
    ).toBeTruthy();
  });

  it('fetches the image with the token and shows it', async () => {
    render(<ReceiptDialog expense={photographed} onClose={() => undefined} />);
    const image = await screen.findByRole<HTMLImageElement>('img', {
      name: 'Receipt from Corner Cafe',
    });
    expect(image.src).toBe('blob:receipt');
    expect(requests[0]?.authorization).toBe('Bearer component-test-token');
  });

  it('says when the image cannot be loaded', async () => {
    imageReply = apiError(404, 'NOT_FOUND', 'gone');
    render(<ReceiptDialog expense={photographed} onClose={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The receipt image could not be loaded.',
    );
  });
});
