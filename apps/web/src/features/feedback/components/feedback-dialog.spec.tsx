/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { apiError, stubApi, type FakeReply, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { FeedbackDialog, type FeedbackRequest } from './feedback-dialog';

// The feedback dialog against a fake gateway: categories per type with the first preselected,
// the rules it checks before sending (nothing goes out then), the body it sends, the thanks,
// and the server's refusal.

const CATEGORIES: Record<string, { value: string; label: string }[]> = {
  general_rating: [{ value: 'praise', label: 'Praise' }],
  problem_report: [
    { value: 'bug', label: 'Something is broken' },
    { value: 'slow', label: 'It is slow' },
  ],
  feature_request: [{ value: 'idea', label: 'An idea' }],
};

let requests: RecordedRequest[];
let submitReply: FakeReply;

beforeEach(() => {
  submitReply = { status: 201, body: { data: { id: 'f1', anonymous: false } } };
  requests = stubApi(({ method, path, query }) => {
    if (method === 'GET' && path === '/api/feedback/categories') {
      return { body: { data: { categories: CATEGORIES[query.get('type') ?? ''] ?? [] } } };
    }
    if (method === 'POST' && path === '/api/feedback') return submitReply;
    return undefined;
  });
});
afterEach(cleanup);

function renderDialog(request: FeedbackRequest) {
  renderWithQuery(<FeedbackDialog request={request} onClose={() => undefined} />);
}

const category = () => screen.getByLabelText<HTMLSelectElement>('Category');
const typeMessage = (text: string) =>
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: text } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
const submissions = () => requests.filter((request) => request.path === '/api/feedback');

describe('FeedbackDialog validation', () => {
  it('shows the minimum-length message for a short message and sends nothing', async () => {
    renderDialog({ type: 'problem_report', context: 'component test' });
    await waitFor(() => expect(category().value).toBe('bug'));
    typeMessage('Too short');
    expect(screen.queryByText('✓ Minimum length met')).toBeNull();
    send();

    expect(screen.getByRole('alert').textContent).toBe('Message must be at least 10 characters');
    expect(submissions()).toHaveLength(0);
  });

  it('ticks the minimum length and then asks general feedback for a rating', async () => {
    renderDialog({ type: 'general_rating', context: 'component test' });
    await waitFor(() => expect(category().value).toBe('praise'));
    typeMessage('Long enough to send');
    expect(screen.getByText('✓ Minimum length met')).toBeTruthy();
    send();

    expect(screen.getByRole('alert').textContent).toBe('Rating is required for general feedback');
    expect(submissions()).toHaveLength(0);
  });

  it('keeps Send disabled while the message is blank', () => {
    renderDialog({ type: 'feature_request', context: 'component test' });
    typeMessage('   ');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Send Feedback' });
    expect(button.disabled).toBe(true);
  });

  it('reloads the categories for a new type and preselects its first', async () => {
    renderDialog({ type: 'general_rating', context: 'component test' });
    await waitFor(() => expect(category().value).toBe('praise'));
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Feedback type'), {
      target: { value: 'problem_report' },
    });
    await waitFor(() => expect(category().value).toBe('bug'));
    expect(screen.queryByRole('group', { name: 'Your rating' })).toBeNull();
  });
});

describe('FeedbackDialog sending', () => {
  it('sends the trimmed draft with its context and thanks the user', async () => {
    renderDialog({ type: 'general_rating', context: 'Footer link - General feedback' });
    await waitFor(() => expect(category().value).toBe('praise'));
    fireEvent.click(screen.getByRole('radio', { name: '4 of 5, Very good' }));
    fireEvent.change(screen.getByLabelText('Subject (optional)'), {
      target: { value: '  Nice app ' },
    });
    typeMessage('  The export saved me an evening.  ');
    fireEvent.click(screen.getByLabelText(/Send anonymously/));
    send();

    expect(await screen.findByRole('dialog', { name: 'Thank You!' })).toBeTruthy();
    expect(submissions().map((request) => request.body)).toEqual([
      {
        type: 'general_rating',
        category: 'praise',
        rating: 4,
        subject: 'Nice app',
        message: 'The export saved me an evening.',
        anonymous: true,
        platform: 'web',
        context: 'Footer link - General feedback',
      },
    ]);
  });

  it("shows the server's refusal and stays open", async () => {
    submitReply = apiError(400, 'VALIDATION_ERROR', 'Message contains a forbidden link');
    renderDialog({ type: 'problem_report', context: 'component test' });
    await waitFor(() => expect(category().value).toBe('bug'));
    typeMessage('The upload button does nothing');
    send();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Message contains a forbidden link',
    );
    expect(screen.getByRole('dialog', { name: 'Send Feedback' })).toBeTruthy();
  });
});
