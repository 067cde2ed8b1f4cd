import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldChrome {
  label: string;
  error?: string | null;
  hint?: string;
}

interface ControlAria {
  id: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The label, hint and error around one control, wired with aria-describedby / aria-invalid; `control`
 * renders the input itself with the ids and aria attributes it is given.
 */
function Field({
  label,
  error,
  hint,
  id,
  className,
  required,
  control,
}: FieldChrome & { id?: string; className?: string; required?: boolean; control: (aria: ControlAria) => ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="field__label">
        {label}
        {required && <span className="field__required" aria-hidden="true"> *</span>}
      </label>
      {control({ id: inputId, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its hint and its error. */
export function TextField({ label, error, hint, id, className, required, ...rest }: TextFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      className={className}
      required={required}
      control={(aria) => <input className="field__input" {...aria} {...rest} />}
    />
  );
}

type TextAreaFieldProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled textarea with its hint and its error. */
export function TextAreaField({ label, error, hint, id, className, required, ...rest }: TextAreaFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      className={className}
      required={required}
      control={(aria) => <textarea className="field__input field__input--textarea" {...aria} {...rest} />}
    />
  );
}
