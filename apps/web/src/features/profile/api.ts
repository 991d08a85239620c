import type { AlertSettings, AlertSettingsBody } from '@gurumatch/shared/alerts';
import { PROFILE_MESSAGES } from '@gurumatch/shared/messages/profile';
import type { SuccessMessage } from '@gurumatch/shared/schemas/account';
import type {
  AvatarUploadResult,
  Profile,
  ProofUploadResult,
  UpdateProfileBody,
} from '@gurumatch/shared/schemas/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ApiError, apiRequest, isRefusal } from '../../lib/api.ts';

export const profileKeys = {
  all: ['profile'] as const,
  mine: (userId: number) => ['profile', 'mine', userId] as const,
};

/** The update answer: the profile (recognised by `full_name`) or a `message` saying what failed. */
export type ProfileUpdateAnswer = Partial<Profile> & { message?: string };

export interface ProofFiles {
  id_proof?: File | null;
  qualification_proof?: File | null;
}

/** The server's own reason for a refused save, else 'Some Error while saving profile'. */
export function describeSaveError(error: unknown): string {
  return isRefusal(error) && error.serverSentence() !== undefined
    ? error.firstError()
    : PROFILE_MESSAGES.saveError;
}

/** GET /api/auth/profile/ answers a list; the first item is the caller's own profile. */
export async function fetchMyProfile(): Promise<Profile> {
  const list = await apiRequest<Profile[]>('/api/auth/profile/');
  const first = list[0];
  if (!first) throw new ApiError(404, 'not_found', 'Profile not found.');
  return first;
}

export function uploadAvatar(file: File): Promise<AvatarUploadResult> {
  const form = new FormData();
  form.append('avatar', file);
  return apiRequest<AvatarUploadResult>('/api/auth/profile-upload-avatar/', {
    method: 'POST',
    form,
  });
}

/** Sends whichever of the two documents is given, in one multipart request. */
export function uploadProofs(files: ProofFiles): Promise<ProofUploadResult> {
  const form = new FormData();
  if (files.id_proof) form.append('id_proof', files.id_proof);
  if (files.qualification_proof) form.append('qualification_proof', files.qualification_proof);
  return apiRequest<ProofUploadResult>('/api/auth/profile-upload-proof/', {
    method: 'POST',
    form,
  });
}

export function updateProfile(
  userId: number,
  body: UpdateProfileBody,
): Promise<ProfileUpdateAnswer> {
  return apiRequest<ProfileUpdateAnswer>(`/api/auth/profile/${String(userId)}/`, {
    method: 'PATCH',
    body,
  });
}

export function resendVerification(): Promise<SuccessMessage> {
  return apiRequest<SuccessMessage>('/api/auth/resend-verification/', { method: 'POST' });
}

export function useMyProfile(userId: number | null) {
  return useQuery({
    queryKey: profileKeys.mine(userId ?? 0),
    queryFn: fetchMyProfile,
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

export const alertSettingsKeys = {
  mine: (userId: number) => ['profile', 'alert-settings', userId] as const,
};

/** A tutor's WhatsApp and e-mail alert settings (the defaults until saved). */
export function useAlertSettings(userId: number) {
  return useQuery({
    queryKey: alertSettingsKeys.mine(userId),
    queryFn: () => apiRequest<AlertSettings>('/api/alerts/settings/'),
  });
}

export function useSaveAlertSettings(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertSettingsBody) =>
      apiRequest<AlertSettings>('/api/alerts/settings/', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(alertSettingsKeys.mine(userId), saved);
    },
  });
}
