export function Spinner({
  label = 'Loading…',
  size = 'md',
}: {
  label?: string;
  size?: 'sm' | 'md';
}) {
  const box = size === 'sm' ? 'h-4 w-4 border-2' : 'h-8 w-8 border-[3px]';
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`${box} animate-spin rounded-full border-brand-200 border-t-brand-700`}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the page area, for guards and lazy routes. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
