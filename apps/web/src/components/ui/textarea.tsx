import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shows a live 'n/max' counter, announced politely, and caps the input at `maxLength`. */
  showCounter?: boolean;
}

/** A labelled multi-line text box with an optional character counter. */
export function Textarea({
  label,
  error,
  hint,
  showCounter = false,
  id,
  className = '',
  maxLength,
  value,
  rows = 5,
  ...rest
}: TextareaProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const length = typeof value === 'string' ? value.length : 0;
  const hasCounter = showCounter && maxLength !== undefined;
  const describedBy = [
    hint ? `${inputId}-hint` : null,
    hasCounter ? `${inputId}-counter` : null,
    error ? `${inputId}-error` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={inputId}
        rows={rows}
        maxLength={maxLength}
        value={value}
        className={`min-h-28 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-200 ${error ? 'border-red-600' : 'border-slate-300'}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...rest}
      />
      <div className="flex items-start justify-between gap-3">
        {hint ? (
          <p id={`${inputId}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : (
          <span />
        )}
        {hasCounter ? (
          <p
            id={`${inputId}-counter`}
            className={`shrink-0 text-sm tabular-nums ${length >= maxLength ? 'font-semibold text-red-700' : 'text-slate-600'}`}
          >
            <span className="sr-only">Characters used: </span>
            {length}/{maxLength}
          </p>
        ) : null}
      </div>
      {hasCounter ? (
        <p role="status" className="sr-only">
          {length >= maxLength ? 'Character limit reached' : ''}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
