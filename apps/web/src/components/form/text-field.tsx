import type { InputHTMLAttributes } from 'react';
import { Field, useFieldParts, type FieldFrameProps } from './field';

export type TextFieldProps = FieldFrameProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'children'> & {
    /** Extra classes for the input beside `.input`. */
    inputClassName?: string;
  };

/** A labelled `<input>` (text, email, number, date, search …) in the shared field frame. */
export function TextField(props: TextFieldProps) {
  const { id, frame, control } = useFieldParts(props);
  return <Field id={id} {...frame} control={<input {...control} />} />;
}
