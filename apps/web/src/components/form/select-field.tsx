import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Field, splitFieldProps, type FieldFrameProps } from './field';

export type SelectFieldProps = Omit<FieldFrameProps, 'children'> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> & {
    inputClassName?: string;
    /** The `<option>`s. */
    children: ReactNode;
  };

/** A labelled `<select>` in the shared field frame; its children are the options. */
export function SelectField({ id, inputClassName, children, ...props }: SelectFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const { frame, control } = splitFieldProps(props);
  return (
    <Field
      id={inputId}
      {...frame}
      control={
        <select
          id={inputId}
          className={inputClassName ? `input ${inputClassName}` : 'input'}
          {...control}
        >
          {children}
        </select>
      }
    />
  );
}
