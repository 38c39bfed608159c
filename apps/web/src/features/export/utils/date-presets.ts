/** The date presets of the Export dialog (docs/api.md, The Export dialog). */
export const DATE_PRESETS = ['all', 'this-month', 'last-month', 'this-year', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  all: 'All Time',
  'this-month': 'This Month',
  'last-month': 'Last Month',
  'this-year': 'This Year',
  custom: 'Custom',
};

export type DateRange = { start_date?: string; end_date?: string };

/** yyyy-MM-dd of a local date (the user's calendar, not UTC). */
export function localIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The inclusive dates of a preset on the user's calendar; Custom passes its own dates. */
export function presetRange(preset: DatePreset, today: Date, custom: DateRange = {}): DateRange {
  const year = today.getFullYear();
  const month = today.getMonth();
  switch (preset) {
    case 'all':
      return {};
    case 'this-month':
      return {
        start_date: localIsoDate(new Date(year, month, 1)),
        end_date: localIsoDate(new Date(year, month + 1, 0)),
      };
    case 'last-month':
      return {
        start_date: localIsoDate(new Date(year, month - 1, 1)),
        end_date: localIsoDate(new Date(year, month, 0)),
      };
    case 'this-year':
      return { start_date: `${year}-01-01`, end_date: `${year}-12-31` };
    case 'custom':
      return {
        ...(custom.start_date ? { start_date: custom.start_date } : {}),
        ...(custom.end_date ? { end_date: custom.end_date } : {}),
      };
  }
}
