import type { ReactNode, TextareaHTMLAttributes } from 'react';

import { describeControl, FieldFrame, FieldHint, useFieldIds } from './field-frame.tsx';

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
  const ids = useFieldIds(id);
  const counterId = `${ids.controlId}-counter`;
  const length = typeof value === 'string' ? value.length : 0;
  const hasCounter = showCounter && maxLength !== undefined;
  return (
    <FieldFrame ids={ids} label={label} error={error} className={className}>
      <textarea
        id={ids.controlId}
        rows={rows}
        maxLength={maxLength}
        value={value}
        className={`min-h-28 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-200 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...describeControl(error, [
          hint ? ids.hintId : null,
          hasCounter ? counterId : null,
          error ? ids.errorId : null,
        ])}
        {...rest}
      />
      <div className="flex items-start justify-between gap-3">
        {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : <span />}
        {hasCounter ? (
          <p
            id={counterId}
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
    </FieldFrame>
  );
}
