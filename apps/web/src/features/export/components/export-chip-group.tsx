/** A fieldset of checkbox chips (entities, tags); none chosen means no filter. */
export function ExportChipGroup({
  legend,
  options,
  chosen,
  onToggle,
  hint,
}: {
  legend: string;
  options: readonly { key: string; value: string }[];
  chosen: readonly string[];
  onToggle: (value: string) => void;
  hint: string;
}) {
  return (
    <fieldset className="export__group">
      <legend>{legend}</legend>
      <div className="export__chips">
        {options.map((option) => (
          <label key={option.key} className="export__chip">
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={() => onToggle(option.value)}
            />
            {option.value}
          </label>
        ))}
      </div>
      <p className="export__hint">{hint}</p>
    </fieldset>
  );
}
