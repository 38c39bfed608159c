import {
  CUSTOMER_REQUIRED_MESSAGE as CUSTOMER_REQUIRED,
  QuickBooksTerms as TERMS,
  type ExportFilters,
  type SearchFilters,
} from '@snaptrack/contracts/core';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useEntities } from '@/lib/queries/get-entities';
import { formatMoney } from '@/lib/format';
import { useTags } from '@/lib/queries/get-tags';
import { downloadCsv } from '../api/download-csv';
import { downloadQuickBooks } from '../api/download-quickbooks';
import { useExportPreview } from '../api/get-export-preview';
import { EXPORT_FAILED_MESSAGE } from '../utils/pdf-progress';
import { ExportChipGroup } from './export-chip-group';
import { ExportDateRange } from './export-date-range';
import { ExportFormatChoice } from './export-format-choice';
import { JOB_PROGRESS_WORDS, PdfExportProgress } from './pdf-export-progress';
import { QuickBooksFields } from './quickbooks-fields';
import { useExportForm } from './use-export-form';
import { usePackExport } from './use-pack-export';
import { usePdfExport } from './use-pdf-export';
import './export.css';

/** One amount per currency, never added together: `$120.00, €45.10`. */
function previewTotals(totals: readonly { currency: string; total: number }[]): string {
  if (totals.length === 0) return formatMoney(0);
  return totals.map((total) => formatMoney(total.total, total.currency)).join(', ');
}

/** The list's search as the dialog says it: `“lemons”, 10.00 to 20.00, EUR`. */
function searchText(search: SearchFilters): string {
  const parts: string[] = [];
  if (search.q) parts.push(`“${search.q}”`);
  if (search.min_amount !== undefined || search.max_amount !== undefined) {
    parts.push(
      `amounts ${search.min_amount?.toFixed(2) ?? '0.00'} to ${search.max_amount?.toFixed(2) ?? 'any'}`,
    );
  }
  if (search.currency) parts.push(search.currency);
  return parts.join(', ');
}

type ExportDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The expense list's filters: the dialog starts from them each time it opens. */
  listFilters?: ExportFilters;
};

/** 'Export Expenses': filters, the server's preview, four formats. */
export function ExportDialog({ open, onClose, listFilters }: ExportDialogProps) {
  const { state, dispatch, filters } = useExportForm(open, listFilters);
  const searched = searchText(state.search);
  const { format, quickbooks } = state;
  const pdf = usePdfExport();
  const pack = usePackExport();

  const entityList = useEntities({ queryConfig: { enabled: open } });
  const tagList = useTags({ queryConfig: { enabled: open } });

  const preview = useExportPreview({ filters, queryConfig: { enabled: open } });
  const count = preview.data?.count ?? 0;
  const jobRunning = [pdf.state.phase, pack.state.phase].some((phase) =>
    ['starting', 'processing', 'downloading'].includes(phase),
  );
  const working = state.downloading || jobRunning;
  const setError = (message: string | null) => dispatch({ kind: 'error', message });

  const close = () => {
    if (working) return;
    pdf.reset();
    pack.reset();
    setError(null);
    onClose();
  };

  const exportNow = async () => {
    setError(null);
    const needsCustomer = format === 'quickbooks' || format === 'pack';
    if (needsCustomer && !quickbooks.customer.trim()) {
      setError(CUSTOMER_REQUIRED);
      return;
    }
    if (format === 'pdf') {
      await pdf.run(filters);
      return;
    }
    if (format === 'pack') {
      await pack.run(filters, { ...quickbooks, customer: quickbooks.customer.trim() });
      return;
    }
    dispatch({ kind: 'downloading', downloading: true });
    try {
      if (format === 'csv') await downloadCsv(filters);
      else
        await downloadQuickBooks(filters, { ...quickbooks, customer: quickbooks.customer.trim() });
    } catch {
      setError(EXPORT_FAILED_MESSAGE);
    } finally {
      dispatch({ kind: 'downloading', downloading: false });
    }
  };

  const failedJob = [pdf.state, pack.state].find((job) => job.phase === 'failed');
  const jobMessage = failedJob?.phase === 'failed' ? failedJob.message : null;

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
        <ExportDateRange
          preset={state.preset}
          customStart={state.customStart}
          customEnd={state.customEnd}
          onPreset={(preset) => dispatch({ kind: 'preset', preset })}
          onCustom={(change) => dispatch({ kind: 'custom-dates', change })}
        />
        <ExportChipGroup
          legend="Entities"
          options={(entityList.data ?? []).map((entity) => ({
            key: entity.id,
            value: entity.name,
          }))}
          chosen={state.entities}
          onToggle={(name) => dispatch({ kind: 'toggle-entity', name })}
          hint="None chosen: every entity."
        />
        {tagList.data?.length ? (
          <ExportChipGroup
            legend="Tags"
            options={tagList.data.map((tag) => ({ key: tag, value: tag }))}
            chosen={state.tags}
            onToggle={(tag) => dispatch({ kind: 'toggle-tag', tag })}
            hint="None chosen: any tags."
          />
        ) : null}
        {searched ? (
          <p className="export__search">
            Only expenses matching the list’s search: {searched}.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => dispatch({ kind: 'clear-search' })}
            >
              Export without the search
            </button>
          </p>
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
              : `${count} ${count === 1 ? 'expense' : 'expenses'} · ${previewTotals(preview.data?.totals ?? [])}`}
        </div>

        <ExportFormatChoice
          format={format}
          onFormat={(next) => dispatch({ kind: 'format', format: next })}
        />
        {format === 'quickbooks' || format === 'pack' ? (
          <QuickBooksFields
            settings={quickbooks}
            terms={TERMS}
            onChange={(change) => dispatch({ kind: 'quickbooks', change })}
          />
        ) : null}
        {format === 'pdf' ? <PdfExportProgress state={pdf.state} /> : null}
        {format === 'pack' ? (
          <PdfExportProgress state={pack.state} words={JOB_PROGRESS_WORDS.pack} />
        ) : null}

        {state.error || jobMessage ? (
          <Banner tone="error">{state.error ?? jobMessage}</Banner>
        ) : null}
      </div>
    </Dialog>
  );
}
