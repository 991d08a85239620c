import type { ReactNode, SelectHTMLAttributes } from 'react';

import { describeControl, FieldFrame, useFieldIds } from './field-frame.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  /** Text of the empty first choice (value ''), e.g. 'Select gender'. */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * A labelled native select: the platform's own picker on phones, full keyboard
 * support everywhere.
 */
export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  id,
  className = '',
  ...rest
}: SelectProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <select
          id={ids.controlId}
          className={`h-11 w-full appearance-none rounded-lg border bg-white pr-10 pl-3 text-base text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-200 ${error ? 'border-red-600' : 'border-slate-300'}`}
          {...describeControl(error, [hint ? ids.hintId : null, error ? ids.errorId : null])}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-500"
        >
          ▾
        </span>
      </div>
    </FieldFrame>
  );
}
