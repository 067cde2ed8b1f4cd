import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../shared/format';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { usePlaceBidMutation } from '../api';
import { validateBid, type BidFormErrors, type BidFormValues } from '../bid-form.model';
import type { BidState } from '../provider-requests.reducer';

export const BID_TOASTS = {
  placed: { title: 'Bid Placed', description: 'Your bid has been submitted successfully.' },
  failed: { title: 'Error', description: 'Failed to place bid. Please try again.', variant: 'destructive' },
} as const;

interface BidFormProps {
  requestId: string;
  budget: number;
  /** The provider's business documentId. */
  providerId: string;
  state: BidState;
  onPlaced: (requestId: string) => void;
}

const STATE_TEXT: Record<BidState, string | null> = {
  idle: null,
  pending: 'Bid submitted. Waiting for the customer to choose.',
  expired: 'Your bid expired. You can bid again while the request is open.',
};

/** A provider's bid on one request: price (empty = the budget) and ETA in minutes (empty = 0), both at least 1. */
export function BidForm({ requestId, budget, providerId, state, onPlaced }: BidFormProps) {
  const id = useId();
  const [values, setValues] = useState<BidFormValues>({ price: '', eta: '' });
  const [errors, setErrors] = useState<BidFormErrors>({});
  const [placeBid, { isLoading }] = usePlaceBidMutation();
  const { toast } = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, input } = validateBid(values, budget);
    setErrors(found);
    if (!input) return;
    try {
      await placeBid({
        data: { requestId, provider: providerId, amount: input.amount, estimatedArrival: input.estimatedArrival, bidStatus: 'pending' },
      }).unwrap();
      toast(BID_TOASTS.placed);
      onPlaced(requestId);
    } catch {
      toast(BID_TOASTS.failed);
    }
  };

  const note = STATE_TEXT[state];
  return (
    <form className={`bid-form bid-form--${state}`} noValidate onSubmit={(e) => void submit(e)} aria-label="Place a bid">
      {note && (
        <p className={`bid-form__state bid-form__state--${state}`} role="status">
          {note}
        </p>
      )}
      <div className="bid-form__fields">
        <TextField
          id={`${id}-price`}
          label="Your price ($)"
          type="number"
          inputMode="decimal"
          min={1}
          step="any"
          placeholder={String(budget)}
          hint={`Leave empty to bid the budget (${formatMoney(budget)}).`}
          value={values.price}
          error={errors.price}
          onChange={(e) => setValues((v) => ({ ...v, price: e.target.value }))}
        />
        <TextField
          id={`${id}-eta`}
          label="ETA (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.eta}
          error={errors.eta}
          onChange={(e) => setValues((v) => ({ ...v, eta: e.target.value }))}
        />
      </div>
      <Button type="submit" busy={isLoading}>
        {isLoading ? 'Submitting...' : state === 'pending' ? 'Update Bid' : 'Place Bid'}
      </Button>
    </form>
  );
}
