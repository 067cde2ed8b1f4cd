import { useState } from 'react';
import { formatDateTime, formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { paymentsScheduledHoldMessages } from '../../../shared/i18n/locales/en/payments';
import type { RealtimeSocket } from '../../../shared/realtime/realtime-socket';
import { useSocketEvent } from '../../../shared/realtime/use-realtime';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { useGetScheduledHoldQuery } from '../scheduled-hold.api';
import { CardPaymentDialog } from './card-payment-dialog';

interface ScheduledHoldBannerProps {
  requestId: string;
  role: 'customer' | 'provider';
  /** The screen's socket: `payment_hold_updated` refetches the hold. Null: no live updates (the banner still reads it). */
  socket: RealtimeSocket | null;
  /** The job's customer (the payment dialog's customerId). */
  customerId?: string;
}

/**
 * The card of a job booked days ahead (scheduled holds, issue 13 item 3), on the customer's request and tracking
 * screens and the provider's job screen. Customer: the card saved and when it is authorised, the hold, or (an
 * off-session authorisation failed) why, with 'Update card', which opens the card dialog and places the hold now.
 * Provider: 'Payment pending' until the hold is placed. Nothing for a job whose card was held at posting.
 */
export function ScheduledHoldBanner({ requestId, role, socket, customerId }: ScheduledHoldBannerProps) {
  const t = useMessages(paymentsScheduledHoldMessages);
  const { toast } = useToast();
  const hold = useGetScheduledHoldQuery(requestId, { refetchOnMountOrArgChange: true });
  const [fixing, setFixing] = useState(false);
  useSocketEvent(socket, 'payment_hold_updated', (p) => {
    if (p.requestId === requestId) void hold.refetch();
  });

  const view = hold.data;
  if (!view || view.status === 'none' || view.status === 'ended') return null;

  if (role === 'provider') {
    if (view.status === 'held') return null;
    return (
      <section className="notice notice--warning scheduled-hold" role="status" aria-label={t.region}>
        <p>{t.providerPending}</p>
      </section>
    );
  }

  if (view.status === 'saved') {
    return (
      <section className="notice scheduled-hold" role="status" aria-label={t.region}>
        <p>{t.saved({ amount: formatMoney(view.authorizeCents / 100), date: view.authorizeAt ? formatDateTime(view.authorizeAt) : '' })}</p>
      </section>
    );
  }

  if (view.status === 'held') {
    return view.heldCents === null ? null : (
      <section className="notice scheduled-hold" role="status" aria-label={t.region}>
        <p>{t.held({ amount: formatMoney(view.heldCents / 100) })}</p>
      </section>
    );
  }

  // Failed: the customer is told why and fixes it here.
  const reason = view.failure?.code === 'authentication_required' ? t.authenticationRequired : (view.failure?.message ?? '');
  return (
    <section className="notice notice--error scheduled-hold" role="alert" aria-label={t.region}>
      <h2 className="scheduled-hold__title">{t.failedTitle}</h2>
      <p>{t.failed({ reason })}</p>
      <Button onClick={() => setFixing(true)}>{t.fixButton}</Button>
      {fixing && customerId && (
        <CardPaymentDialog
          open
          customerId={customerId}
          amount={view.authorizeCents / 100}
          requestId={requestId}
          mode="fix-scheduled-hold"
          notice={t.fixNotice}
          onCancel={() => setFixing(false)}
          onSuccess={() => {
            setFixing(false);
            toast({ title: t.fixedTitle, description: t.fixed });
            void hold.refetch();
          }}
        />
      )}
    </section>
  );
}
