import type { InputHTMLAttributes, ReactNode } from 'react';

export type CheckboxFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'className' | 'children'
> & {
  label: ReactNode;
  /** The label's class: `.checkbox` unless a form styles its own. */
  className?: string;
};

/** A checkbox inside its label, so a click on the words ticks it. */
export function CheckboxField({ label, className = 'checkbox', ...input }: CheckboxFieldProps) {
  return (
    <label className={className}>
      <input type="checkbox" {...input} />
      {label}
    </label>
  );
}
