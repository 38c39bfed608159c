import type { TextareaHTMLAttributes } from 'react';
import { Field, useFieldParts, type FieldFrameProps } from './field';

export type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'children'> & {
    inputClassName?: string;
  };

/** A labelled `<textarea>` in the shared field frame. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { id, frame, control } = useFieldParts(props);
  return <Field id={id} {...frame} control={<textarea {...control} />} />;
}
