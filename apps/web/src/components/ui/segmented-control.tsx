import { useId } from 'react';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
}

interface SegmentedControlProps<T extends string> {
  /** Names the group for assistive technology (shown above it unless `hideLabel`). */
  label: string;
  hideLabel?: boolean;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * A choice of one among a few, drawn as joined buttons. Built on native radio
 * inputs, so arrow keys, Tab and screen readers behave as for any radio group.
 */
export function SegmentedControl<T extends string>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  disabled = false,
  className = '',
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <fieldset className={`min-w-0 ${className}`} disabled={disabled}>
      <legend className={hideLabel ? 'sr-only' : 'mb-1 text-sm font-medium text-slate-800'}>
        {label}
      </legend>
      <div className="flex w-full rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200">
        {options.map((option) => {
          const isChecked = option.value === value;
          return (
            <label
              key={option.value}
              className={`flex min-h-10 flex-1 cursor-pointer items-center justify-center rounded-md px-3 text-center text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-brand-700 has-[:disabled]:cursor-not-allowed ${
                isChecked
                  ? 'bg-white text-brand-800 shadow-sm ring-1 ring-slate-200'
                  : 'text-slate-700 hover:text-slate-900'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={isChecked}
                onChange={() => onChange(option.value)}
                className="sr-only"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
