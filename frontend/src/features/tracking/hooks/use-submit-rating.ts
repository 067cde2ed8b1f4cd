import type { ServiceRequestView } from '@tiredash/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../../shared/toast/use-toast';
import { useCreateRatingMutation } from '../api';
import { ratingToasts, type RatingDraft } from '../rating.model';

/**
 * POST /api/ratings for the request's provider; 'Rating Submitted' / 'Thank you for your feedback!' or
 * 'Error' / 'Failed to submit rating. Please try again.', and /dashboard either way (spec section 8).
 */
export function useSubmitRating(request: ServiceRequestView | undefined) {
  const [create, { isLoading }] = useCreateRatingMutation();
  const { toast } = useToast();
  const navigate = useNavigate();

  const submit = useCallback(
    async (draft: RatingDraft) => {
      if (!request) return;
      try {
        await create({
          data: {
            request_id: request.documentId,
            provider_id: request.provider?.documentId ?? request.accepted_bid?.provider.documentId,
            customer_id: request.customer.documentId,
            rating: draft.rating,
            comment: draft.comment || null,
          },
        }).unwrap();
        toast(ratingToasts().submitted);
      } catch {
        toast(ratingToasts().failed);
      }
      void navigate('/dashboard');
    },
    [create, request, toast, navigate],
  );

  return { submit, submitting: isLoading };
}
