import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

import { signOut } from '../lib/auth-session.ts';

afterEach(() => {
  cleanup();
  // Signing out also empties the shared query cache, so no test sees another's data.
  signOut();
  localStorage.clear();
  sessionStorage.clear();
});
