import { TextField } from '@/components/form/text-field';
import { DATE_PRESETS, DATE_PRESET_LABELS, type DatePreset } from '../utils/date-presets';

type ExportDateRangeProps = {
  preset: DatePreset;
  customStart: string;
  customEnd: string;
  onPreset: (preset: DatePreset) => void;
  onCustom: (change: { customStart?: string; customEnd?: string }) => void;
};

/** The date presets as radio chips; Custom adds From and To. */
export function ExportDateRange({
  preset,
  customStart,
  customEnd,
  onPreset,
  onCustom,
}: ExportDateRangeProps) {
  return (
    <fieldset className="export__group">
      <legend>Date range</legend>
      <div className="export__chips" role="radiogroup" aria-label="Date range">
        {DATE_PRESETS.map((value) => (
          <label key={value} className="export__chip">
            <input
              type="radio"
              name="export-preset"
              checked={preset === value}
              onChange={() => onPreset(value)}
            />
            {DATE_PRESET_LABELS[value]}
          </label>
        ))}
      </div>
      {preset === 'custom' ? (
        <div className="export__dates">
          <TextField
            label="From"
            type="date"
            value={customStart}
            onChange={(event) => onCustom({ customStart: event.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={customEnd}
            onChange={(event) => onCustom({ customEnd: event.target.value })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
