import type { SavedCardView } from '@tiredash/contracts';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useId, useState, type FormEvent } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { errorMessage } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { paymentsFormMessages, paymentsScheduledHoldMessages, paymentsToastMessages } from '../../../shared/i18n/locales/en/payments';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/status';
import { TextField } from '../../../shared/ui/text-field';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useAttachCardMutation, useAuthorizePaymentMutation, useListSavedCardsQuery } from '../api';
import type { CardPaymentMode } from '../../requests/card-payment';
import { paymentToasts, toCents } from '../payment-messages';
import { useFixScheduledHoldMutation, useSaveCardForLaterMutation } from '../scheduled-hold.api';
import { SavedCardsList } from './saved-cards-list';

interface CardPaymentFormProps {
  amount: number;
  /** The card fee included in `amount` (dollars), for payments to check against the setting in force. */
  cardFee?: number;
  requestId?: string;
  /** What the card is for (CardPaymentDialogProps.mode): held now (default), saved for later, or a failed scheduled hold fixed. */
  purpose?: CardPaymentMode;
  onSuccess: (result: { paymentIntentId: string | null }) => void;
  onCancel: () => void;
}

const CARD_OPTIONS = {
  hidePostalCode: true,
  style: { base: { fontSize: '16px', color: '#1f2937', '::placeholder': { color: '#9ca3af' } }, invalid: { color: '#b91c1c' } },
} as const;

/**
 * Saved cards (authorise with the chosen one) or a new card (cardholder name, card field, save-card checkbox):
 * the new card becomes a PaymentMethod at Stripe, is attached and saved when asked, then authorised.
 */
export function CardPaymentForm({ amount, cardFee, requestId, purpose = 'authorize', onSuccess, onCancel }: CardPaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const email = useAppSelector(selectCurrentUser)?.email ?? '';
  const { toast } = useToast();
  const t = useMessages(paymentsFormMessages);
  const toastTexts = useMessages(paymentsToastMessages);
  const toasts = paymentToasts(toastTexts);
  const cards = useListSavedCardsQuery();
  const [attach] = useAttachCardMutation();
  const [authorize] = useAuthorizePaymentMutation();
  const [saveForLater] = useSaveCardForLaterMutation();
  const [fixScheduledHold] = useFixScheduledHoldMutation();
  const tScheduled = useMessages(paymentsScheduledHoldMessages);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [mode, setMode] = useState<'saved' | 'new' | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [saveCard, setSaveCard] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cardLabelId = useId();
  const cardErrorId = useId();

  const saved: SavedCardView[] = (cards.data ?? []).filter((c) => !removed.has(c.id));
  const effectiveMode = mode ?? (saved.length > 0 ? 'saved' : 'new');
  const chosen = saved.find((c) => c.id === selected) ?? saved[0] ?? null;

  const pay = async (paymentMethodId: string, opts: { newCard: boolean; save: boolean; cardholderName?: string }): Promise<void> => {
    try {
      if (purpose === 'save-for-later') {
        // Scheduled further out than a hold lasts: the card is saved (payments authorises it before the job).
        await saveForLater({
          paymentMethodId,
          email,
          amount: toCents(amount),
          ...(cardFee !== undefined ? { cardFee: toCents(cardFee) } : {}),
          saveCard: opts.save,
          ...(opts.cardholderName ? { cardholderName: opts.cardholderName } : {}),
        }).unwrap();
        if (opts.newCard) toast(toasts.cardAdded);
        return onSuccess({ paymentIntentId: null });
      }
      if (purpose === 'fix-scheduled-hold' && requestId) {
        const fixed = await fixScheduledHold({ requestId, paymentMethodId, email, ...(opts.cardholderName ? { cardholderName: opts.cardholderName } : {}) }).unwrap();
        return onSuccess({ paymentIntentId: fixed.paymentIntentId });
      }
      const auth = await authorize({
        paymentMethodId,
        email,
        amount: toCents(amount),
        ...(cardFee !== undefined ? { cardFee: toCents(cardFee) } : {}),
        saveCard: opts.save,
        ...(requestId ? { requestId } : {}),
        ...(opts.cardholderName ? { cardholderName: opts.cardholderName } : {}),
      }).unwrap();
      if (opts.newCard) toast(toasts.cardAdded);
      onSuccess({ paymentIntentId: auth.paymentIntentId });
    } catch (err) {
      toast(toasts.paymentFailed(errorMessage(err, toastTexts.authorizationFailed)));
    }
  };

  const payWithNewCard = async (): Promise<void> => {
    if (!stripe || !elements) return toast(toasts.stripeNotLoaded);
    const cardholderName = name.trim();
    if (cardholderName === '') return toast(toasts.missingName);
    const card = elements.getElement(CardElement);
    if (!card) return toast(toasts.stripeNotLoaded);
    const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: cardholderName } });
    if (error || !paymentMethod) {
      const message = error?.message ?? toastTexts.unknownError;
      if (error?.type === 'card_error' || error?.type === 'validation_error') setCardError(message);
      return toast(toasts.methodError(message));
    }
    if (saveCard) {
      try {
        await attach({ email, paymentMethodId: paymentMethod.id, name: cardholderName }).unwrap();
        toast(toasts.cardSaved);
      } catch (err) {
        return toast(toasts.methodError(errorMessage(err, toastTexts.unknownError)));
      }
    }
    await pay(paymentMethod.id, { newCard: true, save: saveCard, cardholderName });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (effectiveMode === 'saved' && chosen) {
        if (!stripe) return toast(toasts.stripeNotLoaded);
        await pay(chosen.id, { newCard: false, save: true });
      } else {
        await payWithNewCard();
      }
    } finally {
      setBusy(false);
    }
  };

  const remove = (card: SavedCardView) => {
    // Local only (spec section 4): the card disappears from this dialog.
    setRemoved((prev) => new Set(prev).add(card.id));
    if (selected === card.id) setSelected(null);
    toast(toasts.cardDeleted);
  };

  const onCardChange = (event: StripeCardElementChangeEvent) => setCardError(event.error?.message ?? null);

  if (cards.isLoading) return <Spinner label={t.loadingCards} />;

  return (
    <form className="payment-form" onSubmit={(e) => void submit(e)} noValidate>
      {effectiveMode === 'saved' && chosen ? (
        <>
          <SavedCardsList cards={saved} selectedId={chosen.id} onSelect={setSelected} onRemove={remove} disabled={busy} />
          <button type="button" className="link-button" onClick={() => setMode('new')} disabled={busy}>
            {t.useDifferentCard}
          </button>
        </>
      ) : (
        <fieldset className="payment-form__new" disabled={busy}>
          <legend className="visually-hidden">{t.newCard}</legend>
          {cards.isError && <p className="muted">{t.cardsFailed}</p>}
          <TextField label={t.cardholderName} name="cardholderName" autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} required />
          <div className="field">
            <span id={cardLabelId} className="field__label">
              {t.cardDetails}
            </span>
            <div
              className={['payment-form__card', cardError ? 'payment-form__card--invalid' : ''].filter(Boolean).join(' ')}
              role="group"
              aria-labelledby={cardLabelId}
              aria-describedby={cardError ? cardErrorId : undefined}
            >
              <CardElement options={CARD_OPTIONS} onChange={onCardChange} />
            </div>
            {cardError && (
              <p id={cardErrorId} className="field__error" role="alert">
                {cardError}
              </p>
            )}
          </div>
          <label className="check">
            <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} />
            <span>{t.saveCard}</span>
          </label>
          {saved.length > 0 && (
            <button type="button" className="link-button" onClick={() => setMode('saved')}>
              {t.useSavedCard}
            </button>
          )}
        </fieldset>
      )}
      <div className="row row--end payment-form__actions">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? t.processing : purpose === 'save-for-later' ? tScheduled.saveCard : t.pay({ amount: formatMoney(amount) })}
        </Button>
      </div>
    </form>
  );
}
