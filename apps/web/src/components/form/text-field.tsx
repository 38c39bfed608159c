import { useId, type InputHTMLAttributes } from 'react';
import { Field, splitFieldProps, type FieldFrameProps } from './field';

export type TextFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'children'> & {
    /** Extra classes for the input beside `.input`. */
    inputClassName?: string;
  };

/** A labelled `<input>` (text, email, number, date, search …) in the shared field frame. */
export function TextField({ id, inputClassName, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const { frame, control } = splitFieldProps(props);
  return (
    <Field
      id={inputId}
      {...frame}
      control={
        <input
          id={inputId}
          className={inputClassName ? `input ${inputClassName}` : 'input'}
          {...control}
        />
      }
    />
  );
}
