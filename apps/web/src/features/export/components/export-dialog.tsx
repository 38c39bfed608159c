import { useMemo, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useEntities } from '@/lib/queries/get-entities';
import { formatMoney } from '@/lib/format';
import { useTags } from '@/lib/queries/get-tags';
import { downloadCsv } from '../api/download-csv';
import {
  downloadQuickBooks,
  type QuickBooksSettings,
  type QuickBooksTerms,
} from '../api/download-quickbooks';
import { useExportPreview } from '../api/get-export-preview';
import type { ExportFilters } from '../api/types';
import {
  DATE_PRESETS,
  DATE_PRESET_LABELS,
  presetRange,
  type DatePreset,
} from '../utils/date-presets';
import { EXPORT_FAILED_MESSAGE } from '../utils/pdf-progress';
import { usePdfExport } from './use-pdf-export';
import './export.css';

type Format = 'csv' | 'quickbooks' | 'pdf';

const FORMATS: { value: Format; label: string; hint: string }[] = [
  { value: 'csv', label: 'CSV', hint: 'For spreadsheets and your bookkeeper' },
  {
    value: 'quickbooks',
    label: 'QuickBooks invoice CSV',
    hint: 'Import as a QuickBooks Online invoice',
  },
  { value: 'pdf', label: 'Receipt PDF', hint: 'A cover page, then one receipt per page' },
];

const TERMS: QuickBooksTerms[] = ['Due upon receipt', 'Net 30', 'Net 60'];
const CUSTOMER_REQUIRED = 'Please enter a customer name for QuickBooks export.';

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/**
 * 'Export Expenses' (docs/api.md, The Export dialog): filters, the server's preview, three formats.
 */
export function ExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [preset, setPreset] = useState<DatePreset>('all');
  const [customStart, setCustomStart] = useState('');
  const [customEnd, setCustomEnd] = useState('');
  const [entities, setEntities] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [format, setFormat] = useState<Format>('csv');
  const [quickbooks, setQuickbooks] = useState<QuickBooksSettings>({
    customer: '',
    serviceName: 'Reimbursable Expense',
    terms: 'Net 30',
    memo: '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pdf = usePdfExport();

  const entityList = useEntities({ queryConfig: { enabled: open } });
  const tagList = useTags({ queryConfig: { enabled: open } });

  const filters = useMemo<ExportFilters>(() => {
    const range = presetRange(preset, new Date(), { start_date: customStart, end_date: customEnd });
    return {
      ...range,
      ...(entities.length ? { entities } : {}),
      ...(tags.length ? { tags } : {}),
    };
  }, [preset, customStart, customEnd, entities, tags]);

  const preview = useExportPreview({ filters, queryConfig: { enabled: open } });
  const count = preview.data?.count ?? 0;
  const pdfRunning = ['starting', 'processing', 'downloading'].includes(pdf.state.phase);
  const working = busy || pdfRunning;

  const close = () => {
    if (working) return;
    pdf.reset();
    setError(null);
    onClose();
  };

  const exportNow = async () => {
    setError(null);
    if (format === 'quickbooks' && !quickbooks.customer.trim()) {
      setError(CUSTOMER_REQUIRED);
      return;
    }
    if (format === 'pdf') {
      await pdf.run(filters);
      return;
    }
    setBusy(true);
    try {
      if (format === 'csv') await downloadCsv(filters);
      else
        await downloadQuickBooks(filters, { ...quickbooks, customer: quickbooks.customer.trim() });
    } catch {
      setError(EXPORT_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  const pdfMessage = pdf.state.phase === 'failed' ? pdf.state.message : null;
  const progress =
    pdf.state.phase === 'processing'
      ? pdf.state.progress
      : pdf.state.phase === 'downloading' || pdf.state.phase === 'completed'
        ? 100
        : 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Export Expenses"
      size="lg"
      dismissible={!working}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={working}>
            Close
          </Button>
          <Button
            variant="primary"
            onClick={() => void exportNow()}
            loading={working}
            disabled={working || preview.isPending || count === 0}
          >
            Export
          </Button>
        </>
      }
    >
      <div className="export">
        <fieldset className="export__group">
          <legend>Date range</legend>
          <div className="export__chips" role="radiogroup" aria-label="Date range">
            {DATE_PRESETS.map((value) => (
              <label key={value} className="export__chip">
                <input
                  type="radio"
                  name="export-preset"
                  checked={preset === value}
                  onChange={() => setPreset(value)}
                />
                {DATE_PRESET_LABELS[value]}
              </label>
            ))}
          </div>
          {preset === 'custom' ? (
            <div className="export__dates">
              <label>
                From
                <input
                  type="date"
                  value={customStart}
                  onChange={(event) => setCustomStart(event.target.value)}
                />
              </label>
              <label>
                To
                <input
                  type="date"
                  value={customEnd}
                  onChange={(event) => setCustomEnd(event.target.value)}
                />
              </label>
            </div>
          ) : null}
        </fieldset>

        <fieldset className="export__group">
          <legend>Entities</legend>
          <div className="export__chips">
            {(entityList.data ?? []).map((entity) => (
              <label key={entity.id} className="export__chip">
                <input
                  type="checkbox"
                  checked={entities.includes(entity.name)}
                  onChange={() => setEntities((list) => toggle(list, entity.name))}
                />
                {entity.name}
              </label>
            ))}
          </div>
          <p className="export__hint">None chosen: every entity.</p>
        </fieldset>

        {tagList.data?.length ? (
          <fieldset className="export__group">
            <legend>Tags</legend>
            <div className="export__chips">
              {tagList.data.map((tag) => (
                <label key={tag} className="export__chip">
                  <input
                    type="checkbox"
                    checked={tags.includes(tag)}
                    onChange={() => setTags((list) => toggle(list, tag))}
                  />
                  {tag}
                </label>
              ))}
            </div>
            <p className="export__hint">None chosen: any tags.</p>
          </fieldset>
        ) : null}

        <div
          className="export__preview"
          role="status"
          aria-live="polite"
          data-testid="export-preview"
        >
          {preview.isPending
            ? 'Counting…'
            : preview.isError
              ? 'Could not count the matching expenses.'
              : `${count} ${count === 1 ? 'expense' : 'expenses'} · ${formatMoney(preview.data?.total ?? 0)}`}
        </div>

        <fieldset className="export__group">
          <legend>Format</legend>
          {FORMATS.map((option) => (
            <label key={option.value} className="export__format">
              <input
                type="radio"
                name="export-format"
                checked={format === option.value}
                onChange={() => setFormat(option.value)}
              />
              <span>
                <strong>{option.label}</strong>
                <span className="export__hint">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>

        {format === 'quickbooks' ? (
          <fieldset className="export__group export__quickbooks">
            <legend>QuickBooks</legend>
            <label>
              Customer
              <input
                value={quickbooks.customer}
                maxLength={100}
                onChange={(event) => setQuickbooks({ ...quickbooks, customer: event.target.value })}
              />
            </label>
            <label>
              Service name
              <input
                value={quickbooks.serviceName}
                maxLength={100}
                onChange={(event) =>
                  setQuickbooks({ ...quickbooks, serviceName: event.target.value })
                }
              />
            </label>
            <label>
              Terms
              <select
                value={quickbooks.terms}
                onChange={(event) =>
                  setQuickbooks({ ...quickbooks, terms: event.target.value as QuickBooksTerms })
                }
              >
                {TERMS.map((term) => (
                  <option key={term} value={term}>
                    {term}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Memo
              <input
                value={quickbooks.memo}
                maxLength={1000}
                onChange={(event) => setQuickbooks({ ...quickbooks, memo: event.target.value })}
              />
            </label>
          </fieldset>
        ) : null}

        {format === 'pdf' && pdf.state.phase !== 'idle' && !pdfMessage ? (
          <div className="export__progress">
            <progress max={100} value={progress} aria-label="PDF progress" />
            <span>
              {pdf.state.phase === 'completed'
                ? 'PDF downloaded.'
                : pdf.state.phase === 'downloading'
                  ? 'Downloading…'
                  : `Generating PDF… ${progress}%`}
            </span>
          </div>
        ) : null}

        {error || pdfMessage ? <Banner tone="error">{error ?? pdfMessage}</Banner> : null}
      </div>
    </Dialog>
  );
}
