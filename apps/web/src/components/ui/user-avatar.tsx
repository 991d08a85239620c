import { useState } from 'react';

const COLOURS = [
  'bg-brand-700',
  'bg-emerald-700',
  'bg-amber-700',
  'bg-sky-700',
  'bg-rose-700',
  'bg-violet-700',
];

/** A person's picture, or the first letter of their name on a colour of their own. */
export function UserAvatar({
  name,
  src,
  id,
  size = 'md',
}: {
  name: string;
  src: string | null;
  id: number;
  size?: 'sm' | 'md';
}) {
  const box = size === 'sm' ? 'h-9 w-9 text-sm' : 'h-12 w-12 text-lg';
  // a picture that fails to load falls back to the initial
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailed(src)}
        className={`${box} shrink-0 rounded-full object-cover`}
      />
    );
  }
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={`${box} ${COLOURS[id % COLOURS.length] ?? 'bg-brand-700'} flex shrink-0 items-center justify-center rounded-full font-semibold text-white`}
    >
      {initial}
    </span>
  );
}
