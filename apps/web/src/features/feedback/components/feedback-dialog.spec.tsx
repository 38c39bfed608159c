/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getFeedbackCategoriesQueryOptions } from '../api/get-feedback-categories';
import { FeedbackDialog, type FeedbackRequest } from './feedback-dialog';

// The dialog's own validation, rendered in jsdom: what the user sees when the draft breaks a
// rule, and that nothing is sent then. The categories come from the query cache (as after a
// first load), and fetch is a spy that fails the test if the dialog reaches the network.

const fetchSpy = jest.fn(() => Promise.reject(new Error('no network in component tests')));

function renderDialog(request: FeedbackRequest) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(getFeedbackCategoriesQueryOptions(request.type).queryKey, [
    { value: 'bug', label: 'Something is broken' },
  ]);
  render(
    <QueryClientProvider client={queryClient}>
      <FeedbackDialog request={request} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

const typeMessage = (text: string) =>
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: text } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));

beforeEach(() => {
  fetchSpy.mockClear();
  globalThis.fetch = fetchSpy;
});
afterEach(cleanup);

describe('FeedbackDialog validation', () => {
  it('shows the minimum-length message for a short message and sends nothing', () => {
    renderDialog({ type: 'problem_report', context: 'component test' });
    typeMessage('Too short');
    expect(screen.queryByText('✓ Minimum length met')).toBeNull();
    send();

    expect(screen.getByRole('alert').textContent).toBe('Message must be at least 10 characters');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('ticks the minimum length and then asks general feedback for a rating', () => {
    renderDialog({ type: 'general_rating', context: 'component test' });
    typeMessage('Long enough to send');
    expect(screen.getByText('✓ Minimum length met')).toBeTruthy();
    send();

    expect(screen.getByRole('alert').textContent).toBe('Rating is required for general feedback');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps Send disabled while the message is blank', () => {
    renderDialog({ type: 'feature_request', context: 'component test' });
    typeMessage('   ');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Send Feedback' });
    expect(button.disabled).toBe(true);
  });
});
