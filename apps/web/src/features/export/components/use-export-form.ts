import { useMemo, useReducer } from 'react';
import { QuickBooksDefaults } from '@snaptrack/contracts/core';
import type { QuickBooksSettings } from '../api/download-quickbooks';
import type { ExportFilters } from '../api/types';
import { presetRange, type DatePreset } from '../utils/date-presets';

export type ExportFormat = 'csv' | 'quickbooks' | 'pdf' | 'pack';

export type ExportFormState = {
  preset: DatePreset;
  customStart: string;
  customEnd: string;
  entities: string[];
  tags: string[];
  format: ExportFormat;
  quickbooks: QuickBooksSettings;
  /** A CSV or QuickBooks download is on its way (the PDF and pack jobs have their own phases). */
  downloading: boolean;
  error: string | null;
};

type ExportFormAction =
  | { kind: 'preset'; preset: DatePreset }
  | { kind: 'custom-dates'; change: { customStart?: string; customEnd?: string } }
  | { kind: 'toggle-entity'; name: string }
  | { kind: 'toggle-tag'; tag: string }
  | { kind: 'format'; format: ExportFormat }
  | { kind: 'quickbooks'; change: Partial<QuickBooksSettings> }
  | { kind: 'downloading'; downloading: boolean }
  | { kind: 'error'; message: string | null };

export const initialExportForm: ExportFormState = {
  preset: 'all',
  customStart: '',
  customEnd: '',
  entities: [],
  tags: [],
  format: 'csv',
  quickbooks: {
    customer: '',
    serviceName: QuickBooksDefaults.serviceName,
    terms: QuickBooksDefaults.terms,
    memo: '',
  },
  downloading: false,
  error: null,
};

function toggle(list: string[], value: string): string[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

export function exportFormReducer(
  state: ExportFormState,
  action: ExportFormAction,
): ExportFormState {
  switch (action.kind) {
    case 'preset':
      return { ...state, preset: action.preset };
    case 'custom-dates':
      return { ...state, ...action.change };
    case 'toggle-entity':
      return { ...state, entities: toggle(state.entities, action.name) };
    case 'toggle-tag':
      return { ...state, tags: toggle(state.tags, action.tag) };
    case 'format':
      return { ...state, format: action.format };
    case 'quickbooks':
      return { ...state, quickbooks: { ...state.quickbooks, ...action.change } };
    case 'downloading':
      return { ...state, downloading: action.downloading };
    case 'error':
      return { ...state, error: action.message };
  }
}

/** The filters the preview and every export send: dates of the preset, chosen entities, tags. */
export function exportFilters(
  choices: Pick<ExportFormState, 'preset' | 'customStart' | 'customEnd' | 'entities' | 'tags'>,
  today: Date,
): ExportFilters {
  const { preset, customStart, customEnd, entities, tags } = choices;
  const range = presetRange(preset, today, { start_date: customStart, end_date: customEnd });
  return {
    ...range,
    ...(entities.length ? { entities } : {}),
    ...(tags.length ? { tags } : {}),
  };
}

/** The export dialog's choices; the filters change identity only when a choice does. */
export function useExportForm() {
  const [state, dispatch] = useReducer(exportFormReducer, initialExportForm);
  const { preset, customStart, customEnd, entities, tags } = state;
  const filters = useMemo(
    () => exportFilters({ preset, customStart, customEnd, entities, tags }, new Date()),
    [preset, customStart, customEnd, entities, tags],
  );
  return { state, dispatch, filters };
}
