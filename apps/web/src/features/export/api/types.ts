/** The filters every export endpoint takes (POST bodies' `filters`). */
export type ExportFilters = {
  start_date?: string;
  end_date?: string;
  entities?: string[];
  tags?: string[];
};

/** A PDF export job as the status and start endpoints return it. */
export type PdfJob = {
  job_id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  expense_count: number;
  progress_percent?: number | null;
  error?: string | null;
};
