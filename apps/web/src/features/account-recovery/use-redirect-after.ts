import { REDIRECT_DELAY_FORGOT_RESET_MS } from '@gurumatch/shared/constants';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Once `isActive` turns true, goes to `to` after the forgot/reset delay (2 s). */
export function useRedirectAfter(isActive: boolean, to: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!isActive) return;
    const timer = window.setTimeout(() => {
      void navigate(to, { replace: true });
    }, REDIRECT_DELAY_FORGOT_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [isActive, to, navigate]);
}
