import type { InputHTMLAttributes, ReactNode } from 'react';

import { describeControl, FieldFrame, useFieldIds } from './field-frame.tsx';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextField({ label, error, hint, id, className = '', ...rest }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <input
        id={ids.controlId}
        className={`h-11 rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-brand-200 ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...describeControl(error, [error ? ids.errorId : null, hint ? ids.hintId : null])}
        {...rest}
      />
    </FieldFrame>
  );
}
