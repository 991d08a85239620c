import type { MyReview, Review, ReviewBody, ReviewList } from '@gurumatch/shared/schemas/reviews';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '../../lib/api.ts';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (tutorId: number | null, pageSize: number) =>
    ['reviews', 'list', tutorId, pageSize] as const,
  mine: (tutorId: number) => ['reviews', 'mine', tutorId] as const,
};

export function useTutorReviews(tutorId: number | null, pageSize = 10) {
  return useQuery({
    queryKey: reviewKeys.list(tutorId, pageSize),
    queryFn: () =>
      apiRequest<ReviewList>(
        `/api/reviews/?${tutorId ? `tutor=${String(tutorId)}&` : ''}page_size=${String(pageSize)}`,
        { auth: false },
      ),
  });
}

export function useMyReview(tutorId: number) {
  return useQuery({
    queryKey: reviewKeys.mine(tutorId),
    queryFn: () => apiRequest<MyReview>(`/api/reviews/mine/?tutor=${String(tutorId)}`),
  });
}

export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => apiRequest<Review>('/api/reviews/', { body }),
    onSuccess: (review) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      queryClient.setQueryData(reviewKeys.mine(review.tutor), { review, can_review: true });
    },
  });
}
