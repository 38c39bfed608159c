import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';

/**
 * One input and Add, under the entities and under the tags. `onAdd` answers why a name is
 * refused (a duplicate), shown beside the field with what was typed kept; null when added.
 */
export function SettingsAddForm({
  label,
  placeholder,
  disabled,
  onAdd,
}: {
  label: string;
  placeholder: string;
  disabled: boolean;
  onAdd: (value: string) => string | null;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Blank entries are ignored.
    if (!value.trim()) return;
    const reason = onAdd(value.trim());
    setRefusal(reason);
    if (!reason) setValue('');
  };
  return (
    <form className="settings-add" onSubmit={submit}>
      <TextField
        label={label}
        labelHidden
        className="settings-add__field"
        value={value}
        placeholder={placeholder}
        maxLength={100}
        disabled={disabled}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? `${id}-refusal` : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          setRefusal(null);
        }}
      >
        {refusal ? (
          <p id={`${id}-refusal`} className="field__error" role="alert">
            {refusal}
          </p>
        ) : null}
      </TextField>
      <Button type="submit" variant="outline" disabled={disabled || !value.trim()}>
        Add
      </Button>
    </form>
  );
}
