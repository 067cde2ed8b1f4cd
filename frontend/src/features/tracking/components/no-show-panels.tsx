import type { ServiceRequestView } from '@tiredash/contracts';
import { useEffect, useRef, useState } from 'react';
import { errorDetails, errorMessage, errorReason } from '../../../shared/api/api-error';
import { formatMoney, formatNumber } from '../../../shared/format';
import { BASE_LANGUAGE, language, useMessages } from '../../../shared/i18n/i18n';
import { trackingNoShowMessages } from '../../../shared/i18n/locales/en/tracking';
import type { RealtimeSocket } from '../../../shared/realtime/realtime-socket';
import { useSocketEvent } from '../../../shared/realtime/use-realtime';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { TextAreaField } from '../../../shared/ui/text-field';
import { useUpdateServiceRequestMutation } from '../../requests/api';
import { useGetPublicSettingsQuery, useMarkCustomerAbsentMutation } from '../api';

/** The reason a customer's free cancel of a late provider records (the server checks the provider is late). */
export const PROVIDER_NO_SHOW_REASON = 'provider-no-show';

/** The current time, ticking every second while `active` (the wait timers). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** '9:05' from milliseconds left (never negative). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** What the no-show ended with: the fee in dollars (0: cash, nothing charged), or null while it has not happened. */
export interface NoShowOutcome {
  fee: number;
  paymentMethod: string;
}

/**
 * Where the no-show stands: when the wait after arrival ends (the request's arrival, or the moment this screen saw it,
 * plus the wait minutes), and the outcome once the provider marked the customer absent (`customer_no_show` to both
 * parties, the provider's own answer, or the stored status on a reload). No refetch: an offline screen keeps working.
 */
function useNoShowState(
  request: ServiceRequestView,
  stage: string,
  socket: RealtimeSocket | null,
  onNoShow?: () => void,
): { waitEnds: number | null; outcome: NoShowOutcome | null; setOutcome: (o: NoShowOutcome) => void } {
  const requestId = request.documentId;
  const [heard, setHeard] = useState<NoShowOutcome | null>(null);
  const [seenArrivalAt, setSeenArrivalAt] = useState<number | null>(null);
  useEffect(() => {
    if (stage === 'arrived') setSeenArrivalAt((at) => at ?? Date.now());
  }, [stage]);
  useSocketEvent(socket, 'customer_no_show', (p) => {
    if (p.requestId === requestId) setHeard({ fee: p.fee, paymentMethod: p.paymentMethod });
  });
  const stored = request.tireStatus === 'Customer No-Show' ? { fee: request.noShowFee ?? 0, paymentMethod: request.paymentMethod } : null;
  const outcome = heard ?? stored;
  const ended = outcome !== null;
  const notify = useRef(onNoShow);
  notify.current = onNoShow;
  useEffect(() => {
    if (ended) notify.current?.();
  }, [ended]);
  const arrivedAt = request.noShowWaitEndsAt
    ? Date.parse(request.noShowWaitEndsAt) - (request.noShowWaitMinutes ?? 0) * 60_000
    : request.arrivedAt
      ? Date.parse(request.arrivedAt)
      : seenArrivalAt;
  const waitEnds = stage === 'arrived' && arrivedAt !== null && request.noShowWaitMinutes !== undefined ? arrivedAt + request.noShowWaitMinutes * 60_000 : null;
  return { waitEnds, outcome, setOutcome: setHeard };
}

function Outcome({ outcome, role }: { outcome: NoShowOutcome; role: 'customer' | 'provider' }) {
  const t = useMessages(trackingNoShowMessages);
  const fee = formatMoney(outcome.fee);
  const card = outcome.paymentMethod === 'card';
  const charged = card && outcome.fee > 0;
  const text =
    role === 'customer'
      ? charged
        ? t.outcomeCustomerCard({ fee })
        : card
          ? t.outcomeCustomerNoFee
          : t.outcomeCustomerCash
      : charged
        ? t.outcomeProviderCard({ fee })
        : card
          ? t.outcomeProviderNoFee
          : t.outcomeProviderCash;
  return (
    <div className="confirm-panel" role="status" aria-label={t.outcomeTitle}>
      <h3>{t.outcomeTitle}</h3>
      <p>{text}</p>
    </div>
  );
}

/**
 * The customer's side: after arrival, the visible wait before the provider may mark them absent; a provider not there by
 * its ETA plus the grace period offers a free cancel ('Provider is late: cancel free'); the no-show's outcome.
 */
export function CustomerNoShowPanel({
  request,
  stage,
  socket,
  onCancelledFree,
  onNoShow,
}: {
  request: ServiceRequestView;
  stage: string;
  socket: RealtimeSocket | null;
  onCancelledFree: () => void;
  onNoShow: () => void;
}) {
  const t = useMessages(trackingNoShowMessages);
  const requestId = request.documentId;
  const { waitEnds, outcome } = useNoShowState(request, stage, socket, onNoShow);
  const lateAt = request.providerLateAt ? Date.parse(request.providerLateAt) : null;
  const now = useNow(outcome === null && (waitEnds !== null || lateAt !== null));
  const [cancel, { isLoading: cancelling }] = useUpdateServiceRequestMutation();
  const [error, setError] = useState<string | null>(null);

  if (outcome) return <Outcome outcome={outcome} role="customer" />;
  if (waitEnds !== null) {
    return (
      <div className="confirm-panel" role="timer" aria-label={t.waitRegion} aria-live="off">
        <p>{waitEnds > now ? t.customerWait({ time: formatCountdown(waitEnds - now) }) : t.customerWaitOver}</p>
      </div>
    );
  }
  if (stage === 'en-route' && lateAt !== null && lateAt <= now) {
    const onCancel = async () => {
      setError(null);
      try {
        await cancel({ id: requestId, data: { tireStatus: 'Cancelled', cancelReason: PROVIDER_NO_SHOW_REASON } }).unwrap();
        onCancelledFree();
      } catch (err) {
        setError(errorMessage(err, t.cancelFreeFailed));
      }
    };
    return (
      <div className="confirm-panel" role="region" aria-label={t.lateRegion}>
        <p>{t.lateText}</p>
        <Button variant="destructive" onClick={() => void onCancel()} busy={cancelling}>
          {t.cancelFree}
        </Button>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }
  return null;
}

/**
 * The provider's side after arrival: the wait for the customer, 'Customer not here' (confirmed in a dialog), the outcome.
 * `arrivalUnchecked`: the arrival was passed by an override reason, so the server charges no fee (the dialog says so).
 */
export function ProviderNoShowPanel({
  request,
  stage,
  socket,
  arrivalUnchecked,
  onNoShow,
}: {
  request: ServiceRequestView;
  stage: string;
  socket: RealtimeSocket | null;
  arrivalUnchecked: boolean;
  onNoShow: () => void;
}) {
  const t = useMessages(trackingNoShowMessages);
  const requestId = request.documentId;
  const { waitEnds, outcome, setOutcome } = useNoShowState(request, stage, socket, onNoShow);
  const settings = useGetPublicSettingsQuery();
  const now = useNow(outcome === null && waitEnds !== null);
  const [markAbsent, { isLoading: marking }] = useMarkCustomerAbsentMutation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (outcome) return <Outcome outcome={outcome} role="provider" />;
  if (waitEnds === null) return null;
  const over = waitEnds <= now;
  const card = request.paymentMethod === 'card';
  const onConfirm = async () => {
    setError(null);
    try {
      const ended = await markAbsent(requestId).unwrap();
      setOpen(false);
      setOutcome({ fee: ended.noShowFee ?? 0, paymentMethod: ended.paymentMethod });
    } catch (err) {
      setError(errorMessage(err, t.markAbsentFailed));
    }
  };
  return (
    <div className="confirm-panel" role="timer" aria-label={t.waitRegion} aria-live="off">
      <p>{over ? t.providerWaitOver : t.providerWait({ time: formatCountdown(waitEnds - now) })}</p>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t.markAbsent}
      </Button>
      <Dialog
        open={open}
        title={t.markAbsentTitle}
        description={!card ? t.markAbsentCash : arrivalUnchecked ? t.markAbsentUnchecked : t.markAbsentCard({ fee: formatMoney(settings.data?.noShowFee ?? 0) })}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t.keepWaiting}
            </Button>
            <Button variant="destructive" onClick={() => void onConfirm()} busy={marking}>
              {t.markAbsent}
            </Button>
          </>
        }
      >
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </Dialog>
    </div>
  );
}

/** '250 m', '1.4 km' (the server's rounding), in the screen's language. */
function formatDistance(meters: number): string {
  return meters < 1000
    ? formatNumber(Math.round(meters), { style: 'unit', unit: 'meter' })
    : formatNumber(meters / 1000, { style: 'unit', unit: 'kilometer', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** The no-show texts in the screen's language (what useMessages(trackingNoShowMessages) answers). */
export const useNoShowTexts = () => useMessages(trackingNoShowMessages);
type NoShowTexts = ReturnType<typeof useNoShowTexts>;

/** Why 'I AM HERE' was refused, for the override dialog: too far (with the distance) or no position known. */
export interface ArrivalRefusal {
  title: string;
  message: string;
}

/**
 * The arrival check's refusal (409 ARRIVAL_TOO_FAR or ARRIVAL_POSITION_UNKNOWN) as the dialog shows it, or null for any
 * other error. English shows the server's message; another language builds it from the refusal's details.
 */
export function arrivalRefusal(err: unknown, t: NoShowTexts): ArrivalRefusal | null {
  const reason = errorReason(err);
  if (reason !== 'ARRIVAL_TOO_FAR' && reason !== 'ARRIVAL_POSITION_UNKNOWN') return null;
  const details = errorDetails(err);
  const within = formatDistance(Number(details.maxDistanceMeters ?? 0));
  const local =
    reason === 'ARRIVAL_TOO_FAR' ? t.tooFarText({ distance: formatDistance(Number(details.distanceMeters ?? 0)), within }) : t.positionUnknownText({ within });
  return {
    title: reason === 'ARRIVAL_TOO_FAR' ? t.tooFarTitle : t.positionUnknownTitle,
    message: language.get() === BASE_LANGUAGE ? errorMessage(err, local) : local,
  };
}

/** 'I AM HERE' refused (too far, or no position known): the refusal's text and a required reason to arrive anyway. */
export function ArrivalOverrideDialog({
  refusal,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  refusal: ArrivalRefusal | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const t = useMessages(trackingNoShowMessages);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (reason.trim().length === 0) {
      setMissing(true);
      return;
    }
    onSubmit(reason.trim());
  };
  return (
    <Dialog
      open={refusal !== null}
      title={refusal?.title ?? t.tooFarTitle}
      description={refusal?.message ?? ''}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t.stayEnRoute}
          </Button>
          <Button onClick={submit} busy={busy}>
            {t.arriveAnyway}
          </Button>
        </>
      }
    >
      <TextAreaField
        label={t.overrideLabel}
        hint={t.overrideHint}
        required
        maxLength={300}
        value={reason}
        error={missing ? t.overrideRequired : error}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
      />
    </Dialog>
  );
}
