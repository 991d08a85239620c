import type {
  OtpSendBody,
  OtpStatus,
  OtpVerifyBody,
  SuccessMessage,
} from '@gurumatch/shared/schemas/account';
import { useMutation, useQuery } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';

export const onboardingKeys = {
  all: ['onboarding'] as const,
  verifyEmail: (uid: string, token: string) => ['onboarding', 'verify-email', uid, token] as const,
  otpStatus: () => ['onboarding', 'otp-status'] as const,
};

export function sendOtp(body: OtpSendBody): Promise<SuccessMessage> {
  return apiRequest<SuccessMessage>('/api/auth/otp/send/', { body });
}

export function verifyOtp(body: OtpVerifyBody): Promise<SuccessMessage> {
  return apiRequest<SuccessMessage>('/api/auth/otp/verify/', { body });
}

export function verifyEmail(uid: string, token: string): Promise<SuccessMessage> {
  return apiRequest<SuccessMessage>(
    `/api/auth/verify-email/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`,
    { auth: false },
  );
}

/**
 * Whether a code already went out (the server keeps it): a page reloaded after
 * sending, or opened again after signing in, shows the code box and the countdown.
 * A failure only means the page starts from the number form.
 */
export function useOtpStatus() {
  return useQuery({
    queryKey: onboardingKeys.otpStatus(),
    queryFn: () => apiRequest<OtpStatus>('/api/auth/otp/status/'),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}

/**
 * The verification link, checked once: a query (not an effect) so a remount or
 * React's double effects in development never spend the link twice.
 */
export function useEmailVerification(uid: string, token: string) {
  return useQuery({
    queryKey: onboardingKeys.verifyEmail(uid, token),
    queryFn: () => verifyEmail(uid, token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}
