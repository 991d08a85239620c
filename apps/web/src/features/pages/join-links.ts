import type { CtaLink } from '../../components/ui/cta-buttons.tsx';
import { paths } from '../../lib/paths.ts';

/** The two ways in that the marketing pages offer: as a student, or as a tutor. */
export const JOIN_LINKS: { primary: CtaLink; secondary: CtaLink } = {
  primary: { label: 'Find a Tutor', to: paths.studentRegister },
  secondary: { label: 'Become a Tutor', to: paths.teacherRegister },
};
