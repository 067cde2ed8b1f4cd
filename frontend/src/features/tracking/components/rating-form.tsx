import { useId, useState, type FormEvent } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingRatingMessages } from '../../../shared/i18n/locales/en/tracking';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { clampReview, ratingProblem, ratingToasts, REVIEW_MAX_LENGTH, reviewCounter, STAR_VALUES, type RatingDraft } from '../rating.model';

interface RatingFormProps {
  /** Sends the rating; resolves when done (the caller shows the outcome and navigates). */
  onSubmit: (draft: RatingDraft) => Promise<void> | void;
  busy?: boolean;
  submitLabel?: string;
  onSkip?: () => void;
}

/** 1-5 stars (required: 'Rating Required') and an optional review of at most 500 characters with a counter. */
export function RatingForm({ onSubmit, busy = false, submitLabel, onSkip }: RatingFormProps) {
  const tRating = useMessages(trackingRatingMessages);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const { toast } = useToast();
  const reviewId = useId();
  const counterId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = { rating, comment: comment.trim() };
    if (ratingProblem(draft)) {
      toast(ratingToasts(tRating).required);
      return;
    }
    void onSubmit(draft);
  };

  return (
    <form className="form rating-form" noValidate onSubmit={submit} aria-label={tRating.form}>
      <fieldset className="star-rating">
        <legend className="field__label">
          {tRating.yourRating}<span className="field__required" aria-hidden="true"> *</span>
        </legend>
        <div className="star-rating__stars">
          {STAR_VALUES.map((value) => (
            <label key={value} className={`star-rating__star${value <= rating ? ' star-rating__star--on' : ''}`}>
              <input
                type="radio"
                name="rating"
                className="visually-hidden"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                aria-label={tRating.stars(value)}
              />
              <span aria-hidden="true">★</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={reviewId} className="field__label">
          {tRating.review}
        </label>
        <textarea
          id={reviewId}
          className="field__input field__input--textarea"
          maxLength={REVIEW_MAX_LENGTH}
          value={comment}
          aria-describedby={counterId}
          onChange={(e) => setComment(clampReview(e.target.value))}
          placeholder={tRating.placeholder}
        />
        <p id={counterId} className="field__hint rating-form__counter">
          {reviewCounter(comment)}
        </p>
      </div>
      <div className="row row--end">
        {onSkip && (
          <Button variant="ghost" onClick={onSkip}>
            {tRating.skip}
          </Button>
        )}
        <Button type="submit" busy={busy}>
          {submitLabel ?? tRating.submit}
        </Button>
      </div>
    </form>
  );
}
