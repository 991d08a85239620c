export interface Step {
  readonly title: string;
  readonly text: string;
}

interface StepsListProps {
  steps: readonly Step[];
  /** Columns of the grid from tablet width on. */
  columns: 'md:grid-cols-3' | 'md:grid-cols-2 lg:grid-cols-4';
  /**
   * What the list stands on: the grey page (white raised cards) or a white band
   * (grey flat cards).
   */
  background?: 'page' | 'white';
}

/** Numbered steps ('how it works') as a grid of cards, each with a title (h3) and a line. */
export function StepsList({ steps, columns, background = 'page' }: StepsListProps) {
  const cardClasses =
    background === 'white'
      ? 'rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200'
      : 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';
  return (
    <ol className={`mt-6 grid gap-4 ${columns}`}>
      {steps.map((step, index) => (
        <li key={step.title} className={cardClasses}>
          <span
            aria-hidden="true"
            className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="mt-3 text-lg font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-1 text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
