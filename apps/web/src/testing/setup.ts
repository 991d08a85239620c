import '@testing-library/jest-dom/vitest';

import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';

import { signOut } from '../lib/auth-session.ts';

// Preact runs effects after the next frame; React's test renderer runs them as
// soon as a render is done, which is what these tests expect (and fake timers
// would otherwise hold them back).
options.requestAnimationFrame = (callback) => {
  queueMicrotask(callback);
};

afterEach(() => {
  cleanup();
  // Signing out also empties the shared query cache, so no test sees another's data.
  signOut();
  localStorage.clear();
  sessionStorage.clear();
});
