const INITIAL_COLOURS = [
  'bg-brand-700',
  'bg-emerald-700',
  'bg-rose-700',
  'bg-sky-700',
  'bg-violet-700',
  'bg-teal-700',
  'bg-orange-700',
] as const;

const SIZES = {
  md: 'h-16 w-16 text-2xl',
  lg: 'h-24 w-24 text-4xl',
} as const;

/** The same colour for the same name, every time. */
export function pickInitialColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return INITIAL_COLOURS[hash % INITIAL_COLOURS.length] ?? INITIAL_COLOURS[0];
}

/** A round photo, or the first letter of the name on a colour of its own. */
export function Avatar({
  src,
  name,
  size = 'lg',
}: {
  src: string | null;
  name: string;
  size?: keyof typeof SIZES;
}) {
  const box = `${SIZES[size]} shrink-0 rounded-full`;
  if (src) {
    return (
      <img src={src} alt={`Photo of ${name}`} className={`${box} object-cover ring-2 ring-white`} />
    );
  }
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      role="img"
      aria-label={`Initial of ${name}`}
      className={`${box} ${pickInitialColour(name)} flex items-center justify-center font-bold text-white`}
    >
      <span aria-hidden="true">{initial}</span>
    </span>
  );
}
