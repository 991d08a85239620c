import { Outlet } from '../../../lib/router/index.ts';

import { StatusGate, useSignedInOrLogin } from './status-redirect.tsx';

/** Protected pages: signed in, and past onboarding. */
export function RequireAuth() {
  const { element, userId } = useSignedInOrLogin();
  if (userId === null) return element;
  return (
    <StatusGate userId={userId}>
      <Outlet />
    </StatusGate>
  );
}
