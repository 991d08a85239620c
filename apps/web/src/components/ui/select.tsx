import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

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
  const generated = useId();
  const selectId = id ?? generated;
  const describedBy = [hint ? `${selectId}-hint` : null, error ? `${selectId}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          className={`h-11 w-full appearance-none rounded-lg border bg-white pr-10 pl-3 text-base text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-200 ${error ? 'border-red-600' : 'border-slate-300'}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
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
      {hint ? (
        <p id={`${selectId}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${selectId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
