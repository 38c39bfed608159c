import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';

/** One input and Add, under the entities and under the tags. */
export function SettingsAddForm({
  label,
  placeholder,
  disabled,
  onAdd,
}: {
  label: string;
  placeholder: string;
  disabled: boolean;
  onAdd: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Blank entries are ignored.
    if (!value.trim()) return;
    onAdd(value.trim());
    setValue('');
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
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" variant="outline" disabled={disabled || !value.trim()}>
        Add
      </Button>
    </form>
  );
}
