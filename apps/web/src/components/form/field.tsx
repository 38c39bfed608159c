import { useId, type ReactNode } from 'react';

export type FieldFrameProps = {
  label: ReactNode;
  /** Beside the label on its row, e.g. 'Forgot password?' or a character counter. */
  labelAside?: ReactNode;
  /** A muted line under the control; give it `hintId` when the control points at it. */
  hint?: ReactNode;
  hintId?: string;
  /** The label is read by screen readers only (a one-input form with a placeholder). */
  labelHidden?: boolean;
  className?: string;
  /** Under the hint: live status lines, suggestion chips. */
  children?: ReactNode;
};

/**
 * The label/control/hint frame every form field shares: `.field`, a `.field__label` tied to
 * the control by `htmlFor`, then the hint. TextField and friends put their control in it.
 */
export function Field({
  id,
  label,
  labelAside,
  hint,
  hintId,
  labelHidden = false,
  className,
  control,
  children,
}: FieldFrameProps & { id: string; control: ReactNode }) {
  const labelElement = (
    <label htmlFor={id} className={labelHidden ? 'sr-only' : 'field__label'}>
      {label}
    </label>
  );
  return (
    <div className={className ? `field ${className}` : 'field'}>
      {labelAside ? (
        <div className="field__label-row">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {control}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/**
 * Splits a field's props into the frame's and the control's, and gives the control its id (a
 * generated one unless the form names it) and its `.input` class.
 */
export function useFieldParts<
  T extends FieldFrameProps & { id?: string; inputClassName?: string },
>({
  id,
  inputClassName,
  label,
  labelAside,
  hint,
  hintId,
  labelHidden,
  className,
  children,
  ...rest
}: T) {
  const generated = useId();
  const inputId = id ?? generated;
  return {
    id: inputId,
    frame: { label, labelAside, hint, hintId, labelHidden, className, children },
    control: {
      ...rest,
      id: inputId,
      className: inputClassName ? `input ${inputClassName}` : 'input',
    },
  };
}
