import { LIMITS } from '@tiredash/contracts';
import { trackingRatingMessages } from '../../shared/i18n/locales/en/tracking';
import type { ToastInput } from '../../shared/toast/toast-context';

/** Spec section 5: 1-5 stars required, review optional and at most 500 characters (with a counter). */
export const REVIEW_MAX_LENGTH = LIMITS.reviewMaxLength;
export const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** The rating toasts in the current language (English: the spec's RATING_MESSAGES). */
export function ratingToasts(tRating = trackingRatingMessages.get()) {
  return {
    required: { title: tRating.requiredTitle, description: tRating.required, variant: 'destructive' },
    submitted: { title: tRating.submittedTitle, description: tRating.submitted },
    failed: { title: tRating.errorTitle, description: tRating.failed, variant: 'destructive' },
  } as const satisfies Record<string, ToastInput>;
}

export interface RatingDraft {
  rating: number;
  comment: string;
}

/** null when the draft may be sent, else the reason (the 'Rating Required' toast). */
export function ratingProblem(draft: RatingDraft): 'required' | null {
  return Number.isInteger(draft.rating) && draft.rating >= 1 && draft.rating <= 5 ? null : 'required';
}

/** The review as typed, cut at the limit (the textarea's maxLength does the same for typing; this covers pastes). */
export function clampReview(text: string): string {
  return text.length > REVIEW_MAX_LENGTH ? text.slice(0, REVIEW_MAX_LENGTH) : text;
}

export function reviewCounter(text: string): string {
  return `${text.length}/${REVIEW_MAX_LENGTH}`;
}
