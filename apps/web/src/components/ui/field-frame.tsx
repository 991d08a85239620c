import { useId, type ReactNode } from 'react';

/** The ids that tie a form control to its label, hint and error lines. */
export interface FieldIds {
  controlId: string;
  hintId: string;
  errorId: string;
}

/** Ids for one labelled control: `id` when the caller gives one, else a generated one. */
export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

/**
 * `aria-invalid` and `aria-describedby` of a control: `describedBy` lists the ids of the
 * lines shown (in the order a screen reader reads them), with gaps for the lines that are not.
 */
export function describeControl(
  error: string | undefined,
  describedBy: readonly (string | null)[],
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const ids = describedBy.filter((id) => id !== null).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

/** The small grey line under a control. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-slate-600">
      {children}
    </p>
  );
}

interface FieldFrameProps {
  ids: FieldIds;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** The control, and anything shown right under it before the hint. */
  children: ReactNode;
}

/** A label above a control, then its hint and its error line. */
export function FieldFrame({ ids, label, hint, error, className = '', children }: FieldFrameProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={ids.controlId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      {error ? (
        <p id={ids.errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
