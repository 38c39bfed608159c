import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import type { SplitMode } from '@snaptrack/contracts/core';
import type { PartDraft } from '../utils/use-split-form';

type SplitPartFieldsProps = {
  part: PartDraft;
  /** 1 for the first part. */
  number: number;
  mode: SplitMode;
  last: boolean;
  /** The last part's share: the rest of the total or of 100%. */
  rest: number | null;
  /** What the part comes to, when it can be computed. */
  amount: number | null;
  currency: string;
  entityNames: readonly string[];
  canRemove: boolean;
  disabled: boolean;
  onChange: (patch: Partial<Omit<PartDraft, 'key'>>) => void;
  onRemove: () => void;
};

/** One part of a split: its share (typed, or the rest for the last), entity, tags, description. */
export function SplitPartFields({
  part,
  number,
  mode,
  last,
  rest,
  amount,
  currency,
  entityNames,
  canRemove,
  disabled,
  onChange,
  onRemove,
}: SplitPartFieldsProps) {
  const id = `split-part-${part.key}`;
  const byAmount = mode === 'amount';
  const restText = rest === null ? '' : byAmount ? String(rest) : String(Number(rest.toFixed(2)));
  return (
    <fieldset className="split-part">
      <legend className="split-part__legend">Part {number}</legend>
      <div className="expense-form__row">
        <TextField
          id={`${id}-share`}
          label={byAmount ? `Amount of part ${number}` : `Percentage of part ${number}`}
          inputMode="decimal"
          autoComplete="off"
          value={last ? restText : byAmount ? part.amount : part.percent}
          readOnly={last}
          hint={
            last
              ? 'Takes the rest (and any rounding).'
              : !byAmount && amount !== null
                ? `Comes to ${formatMoney(amount, currency)}`
                : undefined
          }
          disabled={disabled}
          onChange={(event) =>
            onChange(byAmount ? { amount: event.target.value } : { percent: event.target.value })
          }
        />
        <SelectField
          id={`${id}-entity`}
          label={`Entity of part ${number}`}
          value={part.entity}
          disabled={disabled}
          onChange={(event) => onChange({ entity: event.target.value })}
        >
          <option value="">Unassigned</option>
          {entityNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="expense-form__row">
        <TextField
          id={`${id}-tags`}
          label={`Tags of part ${number}`}
          hint="Separate tags with commas."
          value={part.tags}
          disabled={disabled}
          onChange={(event) => onChange({ tags: event.target.value })}
        />
        <TextField
          id={`${id}-description`}
          label={`Description of part ${number}`}
          maxLength={2000}
          value={part.description}
          disabled={disabled}
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </div>
      {canRemove ? (
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
          Remove part {number}
        </Button>
      ) : null}
    </fieldset>
  );
}
