import { useEffect } from 'react';

import { useNavigate } from './router/index.ts';

/** Once `isActive` turns true, goes to `to` after `delayMs` (the spec's timed redirects). */
export function useRedirectAfter(isActive: boolean, to: string, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isActive) return;
    const timer = window.setTimeout(() => {
      void navigate(to, { replace: true });
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [isActive, to, delayMs, navigate]);
}
