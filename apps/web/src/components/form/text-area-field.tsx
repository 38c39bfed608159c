import { useId, type TextareaHTMLAttributes } from 'react';
import { Field, splitFieldProps, type FieldFrameProps } from './field';

export type TextAreaFieldProps = FieldFrameProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'children'> & {
    inputClassName?: string;
  };

/** A labelled `<textarea>` in the shared field frame. */
export function TextAreaField({ id, inputClassName, ...props }: TextAreaFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const { frame, control } = splitFieldProps(props);
  return (
    <Field
      id={inputId}
      {...frame}
      control={
        <textarea
          id={inputId}
          className={inputClassName ? `input ${inputClassName}` : 'input'}
          {...control}
        />
      }
    />
  );
}
