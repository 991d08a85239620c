const STAR_COUNT = 5;

/** Five stars filled to the rating (nearest half), with the number beside them. */
export function RatingStars({ rating }: { rating: number }) {
  const clamped = Math.min(STAR_COUNT, Math.max(0, rating));
  const rounded = Math.round(clamped * 2) / 2;
  const shown = clamped.toFixed(1);
  return (
    <span
      role="img"
      aria-label={`Rated ${shown} out of ${String(STAR_COUNT)}`}
      className="inline-flex items-center gap-1"
    >
      <span aria-hidden="true" className="flex text-lg leading-none">
        {Array.from({ length: STAR_COUNT }, (_, index) => {
          const fill = Math.min(1, Math.max(0, rounded - index));
          return (
            <span key={index} className="relative inline-block text-slate-300">
              ★
              <span
                className="absolute inset-0 overflow-hidden text-coin-500"
                style={{ width: `${String(fill * 100)}%` }}
              >
                ★
              </span>
            </span>
          );
        })}
      </span>
      <span aria-hidden="true" className="text-sm font-semibold text-slate-800">
        {shown}
      </span>
    </span>
  );
}
