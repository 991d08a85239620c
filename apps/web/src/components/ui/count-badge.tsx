/**
 * A small count beside a link's text (99+ past 99), or nothing at 0. It is hidden
 * from screen readers: the link's label says the count in words.
 */
export function CountBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="min-w-6 rounded-full bg-brand-700 px-2 py-0.5 text-center text-xs font-semibold text-white"
      data-testid={testId}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
