import type { Stripe } from '@stripe/stripe-js';
import { Elements } from '@stripe/react-stripe-js';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { paymentsDialogMessages } from '../../../shared/i18n/locales/en/payments';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Spinner } from '../../../shared/ui/status';
import type { CardPaymentDialogProps } from '../../requests/card-payment';
import { useGetPaymentsConfigQuery } from '../api';
import { useStripeLoader } from '../stripe-loader';
import { CardPaymentForm } from './card-payment-form';

/** The publishable key of the config answer (`stripeSecretKey` is the field the spec's client reads; it carries the same key). */
function publishableKeyOf(config: { publishableKey: string | null; stripeSecretKey: string | null } | undefined): string | null {
  const key = config?.publishableKey ?? config?.stripeSecretKey ?? null;
  return key && key.startsWith('pk_') ? key : null;
}

/**
 * The customer's payment dialog ('Payment'): the key and where Stripe.js comes from are GET /pay/config's answer
 * (read when the dialog opens, never built in), Stripe.js is loaded with them, then
 * saved cards or a new card authorise `amount` (dollars, fee included). Without a key, or when Stripe.js cannot
 * load, it says 'Unable to load payment system. Please try again later.'.
 */
export function CardPaymentDialog({ open, amount, cardFee, requestId, notice, mode, onSuccess, onCancel }: CardPaymentDialogProps) {
  const t = useMessages(paymentsDialogMessages);
  const config = useGetPaymentsConfigQuery(undefined, { skip: !open });
  const key = publishableKeyOf(config.data);
  // Where Stripe.js comes from is the server's answer too (the Stripe emulator's stand-in on a local stack).
  const stripeJsUrl = config.data?.stripeJsUrl ?? null;
  const loader = useStripeLoader();
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    if (!open || !key) return undefined;
    let live = true;
    setLoadFailed(false);
    loader(key, stripeJsUrl).then(
      (s) => {
        if (!live) return;
        if (s) setStripe(s);
        else setLoadFailed(true);
      },
      () => {
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [open, key, stripeJsUrl, loader]);

  const unavailable = config.isError || (config.isSuccess && key === null) || loadFailed;

  return (
    <Dialog
      open={open}
      title={t.title}
      description={t.description}
      onClose={onCancel}
    >
      {notice && (
        <p className="payment__notice" role="status">
          {notice}
        </p>
      )}
      <p className="payment__amount">
        {t.amount} <strong>{formatMoney(amount)}</strong>
      </p>
      {unavailable ? (
        <div className="payment__unavailable">
          <p role="alert" className="field__error">
            {t.unavailable}
          </p>
          <div className="row row--end">
            <Button variant="outline" onClick={onCancel}>
              {t.cancel}
            </Button>
          </div>
        </div>
      ) : config.isLoading || config.isUninitialized ? (
        <>
          <Spinner label={t.loading} />
          <div className="row row--end">
            <Button variant="outline" onClick={onCancel}>
              {t.cancel}
            </Button>
          </div>
        </>
      ) : (
        // `stripe` is null until Stripe.js is ready; Elements accepts the object once it arrives.
        <Elements stripe={stripe}>
          <CardPaymentForm amount={amount} cardFee={cardFee} requestId={requestId} purpose={mode} onSuccess={onSuccess} onCancel={onCancel} />
        </Elements>
      )}
    </Dialog>
  );
}
