/**
 * @jest-environment jsdom
 */
import '@/testing/text-encoding';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { signInTestUser, stubApi, type RecordedRequest } from '@/testing/fake-api';
import { renderWithQuery } from '@/testing/render-with-query';
import { anExpense } from '@/testing/expense-fixture';
import type { Expense } from '@/types/api';
import { UploadMessages } from '../utils/upload-rules';
import { UploadCard } from './upload-card';

// The upload card's refusals before anything is sent: no entity chosen, a file that is not a
// receipt; choosing an entity clears the message. A batch's summary, the crop step, and a 429
// that delays a file rather than losing it. Uploads go through XMLHttpRequest (for progress):
// those tests answer it with FakeUpload below; the browser tests send real ones.

let requests: RecordedRequest[];

beforeEach(() => {
  signInTestUser();
  requests = stubApi(({ path }) =>
    path === '/api/entities'
      ? { body: { entities: [{ id: 'e1', name: 'Field Work' }] } }
      : undefined,
  );
});
const RealXhr = globalThis.XMLHttpRequest;
afterEach(() => {
  cleanup();
  globalThis.XMLHttpRequest = RealXhr;
});

type SentUpload = { key: string | null; filename: string };
type UploadReply = { status: number; body: unknown };

/** The one XMLHttpRequest the upload call makes, answered by `answer` on the next tick. */
function fakeUploads(answer: (sent: SentUpload, index: number) => UploadReply): SentUpload[] {
  const sent: SentUpload[] = [];
  class FakeUpload {
    status = 0;
    responseText = '';
    responseType = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private readonly headers: Record<string, string> = {};
    open(): void {}
    setRequestHeader(name: string, value: string): void {
      this.headers[name.toLowerCase()] = value;
    }
    send(form: FormData): void {
      const image = form.get('image') as File;
      const upload = { key: this.headers['idempotency-key'] ?? null, filename: image.name };
      const reply = answer(upload, sent.length);
      sent.push(upload);
      setTimeout(() => {
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, 0);
    }
  }
  globalThis.XMLHttpRequest = FakeUpload as unknown as typeof XMLHttpRequest;
  return sent;
}

const tooMany = (seconds: number): UploadReply => ({
  status: 429,
  body: {
    success: false,
    error: {
      code: 'RATE_LIMITED',
      message: `Too many requests. Please try again in ${seconds} seconds.`,
      details: { retry_after_seconds: seconds },
    },
  },
});

const accepted = (duplicateOf: string | null = null): UploadReply => ({
  status: 202,
  body: { success: true, expense: { id: crypto.randomUUID(), duplicate_of: duplicateOf } },
});

const pick = (...files: File[]) =>
  fireEvent.change(screen.getByTestId('receipt-files'), { target: { files } });
const receipt = (name = 'receipt.jpg') => new File([name], name, { type: 'image/jpeg' });
const chooseEntity = async () => {
  await screen.findByRole('option', { name: 'Field Work' });
  fireEvent.change(screen.getByLabelText('Entity'), { target: { value: 'Field Work' } });
};

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

  it('sums up a batch: added, flagged as possible duplicates, refused with the reasons', async () => {
    const sent = fakeUploads((upload) =>
      accepted(upload.filename === 'again.jpg' ? 'earlier-expense' : null),
    );
    renderWithQuery(<UploadCard />);
    await chooseEntity();
    const huge = receipt('huge.jpg');
    Object.defineProperty(huge, 'size', { value: 20 * 1024 * 1024 });
    pick(receipt('one.jpg'), receipt('again.jpg'), new File(['x'], 'notes.txt'), huge);

    const summary = await screen.findByText(
      '4 files: 2 added (1 flagged as possible duplicates), 2 refused.',
    );
    expect(summary).toBeTruthy();
    const refused = screen.getByRole('list', { name: 'Refused files' });
    expect(refused.textContent).toContain('notes.txt: Please upload an image file');
    expect(refused.textContent).toContain('huge.jpg: File size must be less than 20MB');
    expect(screen.getByText('Uploaded: possible duplicate of an earlier receipt')).toBeTruthy();
    expect(sent.map((upload) => upload.filename)).toEqual(['one.jpg', 'again.jpg']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('unpacks a .zip and sends each receipt in it', async () => {
    // jsdom's Blob has no arrayBuffer() (every browser the app supports has).
    if (!('arrayBuffer' in Blob.prototype)) {
      Object.defineProperty(Blob.prototype, 'arrayBuffer', {
        value(this: Blob) {
          return new Promise<ArrayBuffer>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(reader.result as ArrayBuffer);
            reader.readAsArrayBuffer(this);
          });
        },
      });
    }
    const sent = fakeUploads(() => accepted());
    renderWithQuery(<UploadCard />);
    await chooseEntity();
    const zip = zipSync({
      'a.jpg': new TextEncoder().encode('a'),
      'b.png': new TextEncoder().encode('b'),
      'readme.txt': new TextEncoder().encode('c'),
    });
    pick(new File([zip], 'receipts.zip', { type: 'application/zip' }));

    await screen.findByText('3 files: 2 added, 1 refused.');
    expect(sent.map((upload) => upload.filename).sort()).toEqual(['a.jpg', 'b.png']);
    expect(screen.getByRole('list', { name: 'Refused files' }).textContent).toBe(
      'receipts.zip/readme.txt: Please upload an image file',
    );
  });

  it('takes a chosen folder: its images and PDFs go up, the rest is refused with reasons', async () => {
    const sent = fakeUploads(() => accepted());
    renderWithQuery(<UploadCard />);
    await chooseEntity();
    const inFolder = (path: string, type: string) => {
      const file = new File([path], path.split('/').pop()!, { type });
      Object.defineProperty(file, 'webkitRelativePath', { value: path });
      return file;
    };
    const folder = screen.getByTestId('receipt-folder');
    expect(folder.hasAttribute('webkitdirectory')).toBe(true);
    expect(screen.getByRole('button', { name: 'Choose a folder' })).toBeTruthy();
    fireEvent.change(folder, {
      target: {
        files: [
          inFolder('trip/taxi.jpg', 'image/jpeg'),
          inFolder('trip/hotel.pdf', 'application/pdf'),
          inFolder('trip/notes.txt', 'text/plain'),
          inFolder('trip/old.zip', 'application/zip'),
          inFolder('trip/.DS_Store', ''),
        ],
      },
    });

    await screen.findByText('4 files: 2 added, 2 refused.');
    expect(sent.map((upload) => upload.filename).sort()).toEqual(['hotel.pdf', 'taxi.jpg']);
    const refused = screen.getByRole('list', { name: 'Refused files' });
    expect(refused.textContent).toContain('trip/notes.txt: Please upload an image file');
    expect(refused.textContent).toContain('trip/old.zip: Please upload an image file');
    expect(screen.getByText('trip/taxi.jpg')).toBeTruthy();
  });

  it('waits out a 429 and sends the same file again with the same Idempotency-Key', async () => {
    const sent = fakeUploads((_, index) =>
      index === 0
        ? {
            status: 429,
            body: {
              success: false,
              error: {
                code: 'RATE_LIMITED',
                message: 'Too many requests. Please try again in 1 seconds.',
                details: { retry_after_seconds: 1 },
              },
            },
          }
        : accepted(),
    );
    renderWithQuery(<UploadCard />);
    await chooseEntity();
    pick(receipt('first.jpg'), receipt('second.jpg'));

    await screen.findByText(/^Too many requests\. Please try again in 1 seconds\. Sends again/);
    await screen.findByText('2 files: 2 added.');
    const first = sent.filter((upload) => upload.filename === 'first.jpg');
    expect(first).toHaveLength(2);
    expect(first[0]?.key).toBeTruthy();
    expect(first[1]?.key).toBe(first[0]?.key);
  });

  it('keeps every file not yet sent on the device during a 429 pause, and lets go once sent', async () => {
    const sent = fakeUploads((_, index) => (index === 0 ? tooMany(1) : accepted()));
    const kept = new Map<string, { filename: string; until: number }>();
    const released: string[] = [];
    const keeper = {
      hold: (receipt: { idempotencyKey: string; filename: string }, until: number) => {
        kept.set(receipt.idempotencyKey, { filename: receipt.filename, until });
        return Promise.resolve();
      },
      release: (id: string) => released.push(id),
    };
    renderWithQuery(<UploadCard keepWhilePaused={keeper} />);
    await chooseEntity();
    // Four files, three at a time: the first is refused, the fourth had not left yet.
    pick(receipt('a.jpg'), receipt('b.jpg'), receipt('c.jpg'), receipt('d.jpg'));

    await screen.findAllByText(/Kept on this device: if you close the page/);
    expect([...kept.values()].map((file) => file.filename).sort()).toContain('a.jpg');
    expect([...kept.values()].map((file) => file.filename)).toContain('d.jpg');
    expect(new Set([...kept.values()].map((file) => file.until)).size).toBe(1);

    await screen.findByText('4 files: 4 added.');
    // Each kept file went up under the key it was kept with, and was let go: none left behind.
    expect(released.sort()).toEqual([...kept.keys()].sort());
    for (const [key, file] of kept) {
      expect(sent.filter((upload) => upload.key === key).map((u) => u.filename)).toContain(
        file.filename,
      );
    }
    expect(sent.filter((upload) => upload.filename === 'a.jpg')).toHaveLength(2);
  });

  it('offers the crop and rotate step for a photo just taken, and keeps it without an entity', async () => {
    renderWithQuery(<UploadCard />);
    await screen.findByRole('option', { name: 'Field Work' });
    fireEvent.change(screen.getByTestId('receipt-camera'), { target: { files: [receipt()] } });
    expect(screen.getByRole('heading', { name: 'Crop and rotate' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Upload photo' }));
    expect(screen.getByRole('alert').textContent).toBe(UploadMessages.selectEntity);
    expect(screen.getByRole('heading', { name: 'Crop and rotate' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Crop and rotate' })).toBeNull();
    expect(screen.getByText('Drop receipts here or click to choose')).toBeTruthy();
  });

  it('follows each upload until it is read or failed, then offers to open it', async () => {
    const readings = new Map<string, Expense>([
      [
        'exp-old',
        anExpense({ id: 'exp-old', vendor: 'Harbour Books', expense_date: '2019-03-04' }),
      ],
      [
        'exp-torn',
        anExpense({ id: 'exp-torn', status: 'failed', processing_error: 'No total found' }),
      ],
    ]);
    requests = stubApi(({ path }) => {
      if (path === '/api/entities')
        return { body: { entities: [{ id: 'e1', name: 'Field Work' }] } };
      const expense = readings.get(path.replace('/api/expenses/', ''));
      return expense ? { body: { success: true, expense } } : undefined;
    });
    fakeUploads((sent) => ({
      status: 202,
      body: {
        success: true,
        expense: anExpense({
          id: sent.filename === 'old.jpg' ? 'exp-old' : 'exp-torn',
          status: 'processing',
          vendor: '',
        }),
      },
    }));
    const opened: string[] = [];
    renderWithQuery(<UploadCard onOpenExpense={(id) => opened.push(id)} />);
    await chooseEntity();
    pick(receipt('old.jpg'), receipt('torn.jpg'));

    await screen.findByText('Ready: Harbour Books, $12.50, Mar 4, 2019.');
    await screen.findByText('Could not be read: No total found. Open it to fill it in.');
    fireEvent.click(screen.getByRole('button', { name: 'Open the expense of old.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open the expense of torn.jpg' }));
    expect(opened).toEqual(['exp-old', 'exp-torn']);
  });

  it('follows a receipt kept offline once the queue sent it', async () => {
    requests = stubApi(({ path }) => {
      if (path === '/api/entities')
        return { body: { entities: [{ id: 'e1', name: 'Field Work' }] } };
      if (path === '/api/expenses/exp-later') {
        return { body: { success: true, expense: anExpense({ id: 'exp-later' }) } };
      }
      return undefined;
    });
    const keys: string[] = [];
    class Offline {
      upload = { onprogress: null };
      onerror: (() => void) | null = null;
      open(): void {}
      setRequestHeader(name: string, value: string): void {
        if (name === 'Idempotency-Key') keys.push(value);
      }
      send(): void {
        setTimeout(() => this.onerror?.(), 0);
      }
    }
    globalThis.XMLHttpRequest = Offline as unknown as typeof XMLHttpRequest;
    const sentListeners = new Set<(id: string, expenseId: string) => void>();
    const followKept = (listener: (id: string, expenseId: string) => void) => {
      sentListeners.add(listener);
      return () => void sentListeners.delete(listener);
    };
    renderWithQuery(<UploadCard keepForLater={() => Promise.resolve()} followKept={followKept} />);
    await chooseEntity();
    pick(receipt('ferry.jpg'));
    await screen.findByText('No connection: kept on this device, waiting to upload');

    // The offline queue (here, another tab or the service worker) sent it under its key.
    act(() => sentListeners.forEach((listener) => listener(keys[0], 'exp-later')));
    await screen.findByText('Ready: Corner Cafe, $12.50, Nov 20, 2026.');
    expect(screen.queryByText(/No connection/)).toBeNull();
  });
});
