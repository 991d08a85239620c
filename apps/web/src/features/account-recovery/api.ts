import type { ResetPasswordBody, SuccessMessage } from '@gurumatch/shared/schemas/account';
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';

export type ResetPasswordInput = ResetPasswordBody & { uidb64: string; token: string };

/** The same answer whether or not the e-mail is registered. */
export function requestPasswordReset(email: string): Promise<SuccessMessage> {
  return apiRequest<SuccessMessage>('/api/auth/forgot-password/', {
    body: { email },
    auth: false,
  });
}

export function resetPassword({
  uidb64,
  token,
  password,
  confirm_password,
}: ResetPasswordInput): Promise<SuccessMessage> {
  return apiRequest<SuccessMessage>(
    `/api/auth/reset-password/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`,
    { body: { password, confirm_password }, auth: false },
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
