import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field, useFieldParts, type FieldFrameProps } from './field';

export type SelectFieldProps = Omit<FieldFrameProps, 'children'> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> & {
    inputClassName?: string;
    /** The `<option>`s. */
    children: ReactNode;
  };

/** A labelled `<select>` in the shared field frame; its children are the options. */
export function SelectField({ children, ...props }: SelectFieldProps) {
  const { id, frame, control } = useFieldParts(props);
  return <Field id={id} {...frame} control={<select {...control}>{children}</select>} />;
}
