import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { bidFormMessages } from '../../../shared/i18n/locales/en/requests';
import type { ToastInput } from '../../../shared/toast/toast-context';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { usePlaceBidMutation } from '../api';
import { validateBid, type BidFormErrors, type BidFormValues } from '../bid-form.model';
import type { BidState } from '../provider-requests.reducer';

/** The bid form's toasts, worded in the language shown when read. */
export const BID_TOASTS = {
  get placed(): ToastInput {
    const t = bidFormMessages.get();
    return { title: t.placedTitle, description: t.placedDescription };
  },
  get failed(): ToastInput {
    const t = bidFormMessages.get();
    return { title: t.failedTitle, description: t.failedDescription, variant: 'destructive' };
  },
};

interface BidFormProps {
  requestId: string;
  budget: number;
  /** The provider's business documentId. */
  providerId: string;
  state: BidState;
  onPlaced: (requestId: string) => void;
}

/** A provider's bid on one request: price (empty = the budget) and ETA in minutes (empty = 0), both at least 1. */
export function BidForm({ requestId, budget, providerId, state, onPlaced }: BidFormProps) {
  const t = useMessages(bidFormMessages);
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

  const stateText: Record<BidState, string | null> = { idle: null, pending: t.pending, expired: t.expired };
  const note = stateText[state];
  return (
    <form className={`bid-form bid-form--${state}`} noValidate onSubmit={(e) => void submit(e)} aria-label={t.formLabel}>
      {note && (
        <p className={`bid-form__state bid-form__state--${state}`} role="status">
          {note}
        </p>
      )}
      <div className="bid-form__fields">
        <TextField
          id={`${id}-price`}
          label={t.price}
          type="number"
          inputMode="decimal"
          min={1}
          step="any"
          placeholder={String(budget)}
          hint={t.priceHint({ budget: formatMoney(budget) })}
          value={values.price}
          error={errors.price}
          onChange={(e) => setValues((v) => ({ ...v, price: e.target.value }))}
        />
        <TextField
          id={`${id}-eta`}
          label={t.eta}
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
        {isLoading ? t.submitting : state === 'pending' ? t.update : t.place}
      </Button>
    </form>
  );
}
