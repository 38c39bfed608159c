/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { stubApi, signInTestUser, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { ExportDialog } from './export-dialog';

// The export dialog against a fake gateway: the preview it asks for, what each format sends,
// and the refusals it shows before and after the server.

let requests: RecordedRequest[];
let previewCount: number;
let downloadStatus: number;
/** Files the dialog handed to the browser to save (jsdom cannot navigate to them). */
let saved: string[];

beforeEach(() => {
  signInTestUser();
  previewCount = 3;
  downloadStatus = 200;
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => undefined;
  saved = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function recordDownload(
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  requests = stubApi(({ method, path }) => {
    if (path === '/api/entities') {
      return {
        body: {
          entities: [
            { id: 'e1', name: 'Personal' },
            { id: 'e2', name: 'Acme' },
          ],
        },
      };
    }
    if (path === '/api/tags') {
      // 'Mileage' was removed from the catalogue in Settings but is still on an expense.
      return {
        body: {
          tags: ['travel'],
          onExpenses: [
            { name: 'Mileage', expenseCount: 1 },
            { name: 'Travel', expenseCount: 2 },
          ],
        },
      };
    }
    if (method === 'POST' && path === '/api/export/preview') {
      return {
        body: {
          count: previewCount,
          totals: [{ currency: 'USD', total: previewCount * 10, count: previewCount }],
        },
      };
    }
    if (method === 'POST' && (path === '/api/export/csv' || path === '/api/export/quickbooks')) {
      return downloadStatus === 200
        ? { body: 'date,vendor\n', headers: { 'content-type': 'text/csv' } }
        : { status: downloadStatus, body: { success: false, error: { code: 'X', message: 'no' } } };
    }
    if (method === 'POST' && path === '/api/export/pack') {
      return {
        status: 400,
        body: {
          success: false,
          error: { code: 'VALIDATION_FAILED', message: 'No expenses match these filters.' },
        },
      };
    }
    if (method === 'POST' && path === '/api/export/pdf') {
      return {
        status: 429,
        body: { success: false, error: { code: 'TOO_MANY', message: 'Two PDF jobs at once' } },
      };
    }
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const dialog = () => screen.getByRole('dialog', { name: 'Export Expenses' });
const exportButton = () =>
  within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Export' });
const sent = (path: string) => requests.filter((request) => request.path === path);

async function openDialog() {
  renderWithQuery(<ExportDialog open onClose={() => undefined} />);
  await waitFor(() =>
    expect(screen.getByTestId('export-preview').textContent).toContain('3 expenses'),
  );
}

describe('ExportDialog', () => {
  it('previews with the chosen filters and sends them with the CSV export', async () => {
    await openDialog();
    fireEvent.click(await screen.findByLabelText('Acme'));
    fireEvent.click(await screen.findByLabelText('travel'));
    await waitFor(() =>
      expect(sent('/api/export/preview').at(-1)?.body).toEqual({
        filters: { entities: ['Acme'], tags: ['travel'] },
      }),
    );

    fireEvent.click(exportButton());
    await waitFor(() => expect(sent('/api/export/csv')).toHaveLength(1));
    expect(sent('/api/export/csv')[0]?.body).toEqual({
      filters: { entities: ['Acme'], tags: ['travel'] },
    });
    await waitFor(() => expect(saved).toHaveLength(1));
  });

  it('offers the tags still on expenses after their removal from the catalogue', async () => {
    await openDialog();
    const tags = within(dialog()).getByRole('group', { name: 'Tags' });
    const names = () =>
      within(tags)
        .getAllByRole<HTMLInputElement>('checkbox')
        .map((box) => box.labels?.[0]?.textContent);
    await waitFor(() => expect(names()).toEqual(['Mileage', 'travel']));
  });

  it('asks the server for a custom range once both dates are set', async () => {
    await openDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    await waitFor(() =>
      expect(sent('/api/export/preview').at(-1)?.body).toEqual({
        filters: { start_date: '2026-01-01', end_date: '2026-01-31' },
      }),
    );
  });

  it('keeps Export disabled when nothing matches', async () => {
    previewCount = 0;
    renderWithQuery(<ExportDialog open onClose={() => undefined} />);
    await waitFor(() =>
      expect(screen.getByTestId('export-preview').textContent).toContain('0 expenses'),
    );
    expect(exportButton().disabled).toBe(true);
  });

  it('refuses a QuickBooks export without a customer and sends nothing', async () => {
    await openDialog();
    fireEvent.click(screen.getByRole('radio', { name: /^QuickBooks invoice CSV/ }));
    fireEvent.click(exportButton());

    expect(screen.getByRole('alert').textContent).toBe(
      'Please enter a customer name for QuickBooks export.',
    );
    expect(sent('/api/export/quickbooks')).toHaveLength(0);
  });

  it('sends the QuickBooks settings with the customer trimmed', async () => {
    await openDialog();
    fireEvent.click(screen.getByRole('radio', { name: /^QuickBooks invoice CSV/ }));
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: '  Acme Corp ' } });
    fireEvent.change(screen.getByLabelText('Terms'), { target: { value: 'Net 60' } });
    fireEvent.click(exportButton());

    await waitFor(() => expect(sent('/api/export/quickbooks')).toHaveLength(1));
    expect(sent('/api/export/quickbooks')[0]?.body).toEqual({
      filters: {},
      quickbooksSettings: {
        customer: 'Acme Corp',
        serviceName: 'Reimbursable Expense',
        terms: 'Net 60',
        memo: '',
      },
    });
    await waitFor(() => expect(saved).toEqual(['quickbooks_invoice.csv']));
  });

  it('shows the export failure when the server refuses the download', async () => {
    downloadStatus = 500;
    await openDialog();
    fireEvent.click(exportButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Export failed. Please try again.');
    expect(exportButton().disabled).toBe(false);
    expect(saved).toHaveLength(0);
  });

  it('shows why the PDF job could not start and sends the filters with it', async () => {
    await openDialog();
    fireEvent.click(screen.getByRole('radio', { name: /^Receipt PDF/ }));
    fireEvent.click(exportButton());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'PDF generation failed: Two PDF jobs at once',
    );
    expect(sent('/api/export/pdf')[0]?.body).toEqual({ filters: {} });
    expect(screen.queryByLabelText('PDF progress')).toBeNull();
  });

  it('asks the accountant pack for a customer, then sends the settings with the filters', async () => {
    await openDialog();
    fireEvent.click(screen.getByRole('radio', { name: /^Accountant pack/ }));
    fireEvent.click(exportButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter a customer name for QuickBooks export.',
    );
    expect(sent('/api/export/pack')).toHaveLength(0);

    fireEvent.click(await screen.findByLabelText('Acme'));
    fireEvent.change(screen.getByLabelText('Customer'), { target: { value: ' Acme Corp ' } });
    await waitFor(() => expect(exportButton().disabled).toBe(false));
    fireEvent.click(exportButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Accountant pack failed: No expenses match these filters.',
      ),
    );
    expect(sent('/api/export/pack')[0]?.body).toEqual({
      filters: { entities: ['Acme'] },
      quickbooksSettings: {
        customer: 'Acme Corp',
        serviceName: 'Reimbursable Expense',
        terms: 'Net 30',
        memo: '',
      },
    });
    expect(screen.queryByLabelText('Accountant pack progress')).toBeNull();
  });
});
