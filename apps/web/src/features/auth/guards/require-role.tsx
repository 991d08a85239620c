import type { Role } from '@gurumatch/shared/constants';
import { MESSAGES } from '@gurumatch/shared/messages';

import { Notice } from '../../../components/ui/notice.tsx';
import { paths } from '../../../lib/paths.ts';
import { Outlet } from '../../../lib/router/index.ts';
import { useAuth } from '../auth-provider.tsx';

import { StatusGate, useSignedInOrLogin } from './status-redirect.tsx';

/** Tutor-only and student-only pages: signed in, past onboarding, and of that role. */
export function RequireRole({ role }: { role: Role }) {
  const { user } = useAuth();
  const { element, userId } = useSignedInOrLogin();
  if (userId === null) return element;
  return (
    <StatusGate userId={userId}>
      {user?.role === role ? (
        <Outlet />
      ) : (
        <Notice
          tone="warning"
          title="Not authorized"
          message={role === 'teacher' ? MESSAGES.tutorsOnly : MESSAGES.studentsOnly}
          action={{ label: 'Go to Dashboard', to: paths.dashboard }}
        />
      )}
    </StatusGate>
  );
}
