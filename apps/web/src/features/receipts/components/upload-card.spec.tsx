/**
 * @jest-environment jsdom
 */
import '@/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { signInTestUser, stubApi, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { UploadCard } from './upload-card';

// The upload card's refusals before anything is sent: no entity chosen, a file that is not a
// receipt; choosing an entity clears the message. (Uploads themselves go through
// XMLHttpRequest for progress and are covered by the browser tests.)

let requests: RecordedRequest[];

beforeEach(() => {
  signInTestUser();
  requests = stubApi(({ path }) =>
    path === '/api/entities'
      ? { body: { entities: [{ id: 'e1', name: 'Field Work' }] } }
      : undefined,
  );
});
afterEach(cleanup);

const pick = (...files: File[]) =>
  fireEvent.change(screen.getByTestId('receipt-files'), { target: { files } });
const receipt = () => new File(['jpeg'], 'receipt.jpg', { type: 'image/jpeg' });

describe('UploadCard', () => {
  it('asks for an entity first and clears the message once one is chosen', async () => {
    renderWithQuery(<UploadCard />);
    await screen.findByRole('option', { name: 'Field Work' });
    pick(receipt());
    expect(screen.getByRole('alert').textContent).toBe(
      'Please select an entity first. Create entities in Settings if none exist.',
    );
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Entity'), { target: { value: 'Field Work' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a file that is not a receipt and lists nothing', async () => {
    renderWithQuery(<UploadCard />);
    await screen.findByRole('option', { name: 'Field Work' });
    fireEvent.change(screen.getByLabelText('Entity'), { target: { value: 'Field Work' } });
    pick(new File(['text'], 'notes.txt', { type: 'text/plain' }));

    expect(screen.getByRole('alert').textContent).toBe('Please upload an image file');
    expect(screen.queryByRole('list', { name: 'Uploads' })).toBeNull();
    expect(requests.every((request) => request.path === '/api/entities')).toBe(true);
  });

  it('points to Settings when the account has no entities', async () => {
    requests = stubApi(() => ({ body: { entities: [] } }));
    renderWithQuery(<UploadCard />);
    expect(
      await screen.findByText(
        'Please select an entity first. Create entities in Settings if none exist.',
      ),
    ).toBeTruthy();
  });
});
