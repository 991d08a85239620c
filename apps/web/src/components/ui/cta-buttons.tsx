import { Link } from '../../lib/router/index.ts';

import { ButtonLink } from './button.tsx';

export interface CtaLink {
  label: string;
  to: string;
}

interface CtaButtonsProps {
  primary: CtaLink;
  secondary: CtaLink;
  /** 'inverse' on a dark brand band: a white button and a white outline. */
  tone?: 'light' | 'inverse';
  /** Spacing and alignment, e.g. 'mt-8 justify-center'. */
  className?: string;
}

const INVERSE_BUTTON =
  'inline-flex h-12 items-center justify-center rounded-lg px-6 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** Two call-to-action links side by side (stacked on phones): a filled one and an outlined one. */
export function CtaButtons({
  primary,
  secondary,
  tone = 'light',
  className = '',
}: CtaButtonsProps) {
  return (
    <div className={`flex flex-col gap-3 sm:flex-row ${className}`}>
      {tone === 'inverse' ? (
        <>
          <Link
            to={primary.to}
            className={`${INVERSE_BUTTON} bg-white text-brand-800 hover:bg-brand-50`}
          >
            {primary.label}
          </Link>
          <Link
            to={secondary.to}
            className={`${INVERSE_BUTTON} text-white ring-1 ring-white hover:bg-brand-800`}
          >
            {secondary.label}
          </Link>
        </>
      ) : (
        <>
          <ButtonLink to={primary.to} size="lg">
            {primary.label}
          </ButtonLink>
          <ButtonLink to={secondary.to} variant="secondary" size="lg">
            {secondary.label}
          </ButtonLink>
        </>
      )}
    </div>
  );
}
