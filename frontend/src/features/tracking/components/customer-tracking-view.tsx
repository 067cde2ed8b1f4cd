import type { ServiceRequestView } from '@tiredash/contracts';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { errorMessage, errorStatus } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import {
  trackingCustomerMessages,
  trackingCustomerToastMessages,
  trackingEtaMessages,
  trackingNoShowMessages,
  trackingServiceTypesMessages,
} from '../../../shared/i18n/locales/en/tracking';
import { useRealtimeConnection, useSocketEvent } from '../../../shared/realtime/use-realtime';
import type { ToastInput } from '../../../shared/toast/toast-context';
import { useToast } from '../../../shared/toast/use-toast';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { selectCurrentUser } from '../../auth/auth.slice';
import { ScheduledHoldBanner } from '../../payments/components/scheduled-hold-banner';
import { usePlatformFees, useRequestCardFee } from '../../payments/hooks/use-platform-fees';
import { useGetServiceRequestQuery, useUpdateServiceRequestMutation } from '../../requests/api';
import { RequestEnded } from '../../requests/components/request-ended';
import { useConfirmCompletionMutation, useGetJobQuery } from '../api';
import { estimateMinutes } from '../geo';
import { useJobProgress } from '../hooks/use-job-progress';
import { JobChatPanel } from '../chat/job-chat-panel';
import { jobAmount } from '../extras/extras.model';
import { JobExtrasPanel } from '../extras/job-extras-panel';
import { useRouteLine } from '../hooks/use-route-line';
import { useSubmitRating } from '../hooks/use-submit-rating';
import { serviceTypeLabel } from '../tracking-labels';
import { customerStatusLabel, progressSteps } from '../job-progress.reducer';
import { cancelReasonLabel } from './cancel-job-dialog';
import { ExtraServiceDialog, type ExtraServiceRequest } from './extra-service-dialog';
import { HelpSection } from './help-section';
import { ReportProblemCard } from '../disputes/report-problem';
import { JobDetails } from './job-details';
import { LiveMap } from './live-map';
import { CustomerNoShowPanel } from './no-show-panels';
import { JobStatusLabel, ProgressSteps } from './progress-steps';
import { ProviderCard } from './provider-card';
import { RatingForm } from './rating-form';

/** The customer's toasts of this screen, in the current language. */
export function customerTrackingToasts(tCustomerToast = trackingCustomerToastMessages.get()) {
  return {
    providerCanceled: { title: tCustomerToast.providerCanceledTitle, description: tCustomerToast.providerCanceled, variant: 'destructive' },
    jobConfirmed: { title: tCustomerToast.jobConfirmedTitle, description: tCustomerToast.jobConfirmed },
    confirmFailed: { title: tCustomerToast.errorTitle, description: tCustomerToast.confirmFailed, variant: 'destructive' },
    cancelFailed: { title: tCustomerToast.errorTitle, description: tCustomerToast.cancelFailed, variant: 'destructive' },
  } as const satisfies Record<string, ToastInput>;
}

/** /tracking/{id}: the customer follows the accepted provider until completion, confirms and rates. */
export function CustomerTrackingView({ requestId }: { requestId: string }) {
  const tCustomer = useMessages(trackingCustomerMessages);
  const request = useGetServiceRequestQuery(requestId, { refetchOnMountOrArgChange: true });
  if (request.isLoading) return <Spinner label={tCustomer.loading} />;
  if (request.isError || !request.data) {
    const status = errorStatus(request.error);
    const message = status === 404 ? tCustomer.notFound : status === 403 ? tCustomer.forbidden : tCustomer.loadFailed;
    return <ErrorState message={message} onRetry={status === 404 || status === 403 ? undefined : () => void request.refetch()} />;
  }
  if (request.data.tireStatus === 'Bids Open') {
    return (
      <Card title={tCustomer.noProviderTitle}>
        <p>
          {tCustomer.noProviderText} <Link to={`/bidding/${requestId}`}>{tCustomer.seeBids}</Link>
        </p>
      </Card>
    );
  }
  return <CustomerJob request={request.data} />;
}

function CustomerJob({ request }: { request: ServiceRequestView }) {
  const requestId = request.documentId;
  const user = useAppSelector(selectCurrentUser);
  const token = useAppSelector((s) => s.auth.token);
  const navigate = useNavigate();
  const { toast } = useToast();
  const tCustomer = useMessages(trackingCustomerMessages);
  const tCustomerToast = useMessages(trackingCustomerToastMessages);
  const tEta = useMessages(trackingEtaMessages);
  const serviceTypes = useMessages(trackingServiceTypesMessages);
  const toasts = customerTrackingToasts(tCustomerToast);
  const job = useGetJobQuery(requestId, { refetchOnMountOrArgChange: true });
  const [state, dispatch] = useJobProgress(request, job.data);
  const [confirm, { isLoading: confirming }] = useConfirmCompletionMutation();
  // The card fee kept with this request's hold: what the confirmation captures.
  const cardFee = useRequestCardFee(requestId, request.paymentMethod);
  // Cancelling an accepted card job before arrival costs the cancellation fee in force (payments charges it).
  const { cancellationFee } = usePlatformFees({ skip: request.paymentMethod !== 'card' });
  const [cancelRequest, { isLoading: cancelling }] = useUpdateServiceRequestMutation();
  const rating = useSubmitRating(request);
  const [extraOpen, setExtraOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [ratingOpen, setRatingOpen] = useState(false);
  const tNoShow = useMessages(trackingNoShowMessages);
  const [noShow, setNoShow] = useState(request.tireStatus === 'Customer No-Show');

  const live = state.stage !== 'confirmed' && state.stage !== 'cancelled';
  const join = useMemo(() => (user ? { userId: user.id, role: 'customer' as const, requestId } : null), [user, requestId]);
  const socket = useRealtimeConnection(live ? token : null, join);

  const mine = (id: string | undefined) => id === undefined || id === requestId;
  useSocketEvent(socket, 'driver_location', (p) => {
    if (mine(p.requestId)) dispatch({ type: 'located', point: { lat: p.lat, lng: p.lng, at: Date.now() } });
  });
  useSocketEvent(socket, 'provider_arrived', (p) => {
    if (mine(p.requestId)) dispatch({ type: 'arrived' });
  });
  useSocketEvent(socket, 'job_completed', (p) => {
    if (mine(p.requestId)) dispatch({ type: 'completionReported' });
  });
  useSocketEvent(socket, 'job_canceled', (p) => {
    if (!mine(p.requestId)) return;
    dispatch({ type: 'cancelled' });
    // The provider's reason, when it gave one, goes with the spec's toast.
    const { providerCanceled } = toasts;
    toast(p.reason ? { ...providerCanceled, description: tCustomerToast.providerCanceledReason({ reason: cancelReasonLabel(p.reason) }) } : providerCanceled);
    void navigate('/dashboard');
  });

  const destination = useMemo(() => ({ lat: request.location?.lat ?? request.lat, lng: request.location?.lng ?? request.lng }), [request]);
  const origin = job.data?.origin ?? request.accepted_bid?.location ?? null;
  const providerPosition = state.position ?? null;
  const from = providerPosition ?? origin;
  const route = useRouteLine(from, destination, state.stage === 'en-route');
  const etaMinutes = route.etaMinutes ?? job.data?.eta?.minutes ?? null;
  const estimate = tEta.minutes(estimateMinutes(etaMinutes));
  const status = customerStatusLabel(state.stage);
  const address = request.location?.address || request.address || tCustomer.yourLocation;

  const onConfirm = async () => {
    try {
      await confirm(requestId).unwrap();
    } catch (err) {
      if (request.paymentMethod === 'card') {
        toast({ title: tCustomer.paymentFailedTitle, description: errorMessage(err, tCustomer.paymentNotCaptured), variant: 'destructive' });
      } else {
        toast({ ...toasts.confirmFailed, description: errorMessage(err, toasts.confirmFailed.description) });
      }
      return;
    }
    const confirmedAt = new Date().toISOString();
    socket?.emit('job_confirmed', { requestId, customerId: request.customer.documentId, confirmedAt, paymentMethod: request.paymentMethod });
    dispatch({ type: 'confirmed' });
    toast(toasts.jobConfirmed);
    void navigate(`/payment/${requestId}`);
  };

  const onCancel = async () => {
    try {
      await cancelRequest({ id: requestId, data: { tireStatus: 'Cancelled' } }).unwrap();
      setCancelOpen(false);
      void navigate('/dashboard');
    } catch (err) {
      toast({ ...toasts.cancelFailed, description: errorMessage(err, toasts.cancelFailed.description) });
    }
  };

  const onExtra = (extra: ExtraServiceRequest) => {
    setExtraOpen(false);
    toast({
      title: tCustomer.extraRequestedTitle,
      description: tCustomer.extraRequested({ service: serviceTypeLabel(extra.serviceType, serviceTypes), budget: formatMoney(extra.budget) }),
    });
  };

  return (
    <div className="tracking">
      <div className="tracking__main">
        {request.paymentMethod === 'card' && <ScheduledHoldBanner requestId={requestId} role="customer" socket={socket} customerId={request.customer?.documentId} />}
        <Card title={tCustomer.liveTracking} className="tracking__map-card">
          <JobStatusLabel status={status} />
          <LiveMap
            destination={destination}
            destinationLabel={tCustomer.serviceLocation({ address })}
            provider={providerPosition}
            providerLabel={tCustomer.providerLocation}
            route={state.stage === 'en-route' ? route.positions : []}
            positionAt={state.position?.at ?? null}
          />
        </Card>
        <Card title={tCustomer.progress}>
          <ProgressSteps steps={progressSteps(state.stage, 'customer')} label={tCustomer.jobProgress} />
          {state.stage === 'completion-reported' && (
            <div className="confirm-panel" role="region" aria-label={tCustomer.confirmRegion}>
              <p>
                {tCustomer.reportedComplete}{' '}
                {request.paymentMethod === 'card'
                  ? tCustomer.cardCharge({ amount: formatMoney(jobAmount(request) + cardFee) })
                  : tCustomer.cashPay({ amount: formatMoney(jobAmount(request)) })}
              </p>
              <Button size="lg" onClick={() => void onConfirm()} busy={confirming}>
                {tCustomer.confirmCompletion}
              </Button>
            </div>
          )}
          {state.stage === 'confirmed' && (
            <div className="confirm-panel">
              <p>{tCustomer.jobComplete}</p>
              <div className="row">
                <ButtonLink to={`/payment/${requestId}`}>{tCustomer.viewSummary}</ButtonLink>
                {!request.rating && (
                  <Button variant="outline" onClick={() => setRatingOpen(true)}>
                    {tCustomer.rateProvider}
                  </Button>
                )}
              </div>
            </div>
          )}
          <CustomerNoShowPanel
            request={request}
            stage={state.stage}
            socket={socket}
            onNoShow={() => {
              setNoShow(true);
              dispatch({ type: 'cancelled' });
            }}
            onCancelledFree={() => {
              toast({ title: tNoShow.lateRegion, description: tNoShow.cancelFreeDone });
              void navigate('/dashboard');
            }}
          />
          {state.stage === 'cancelled' &&
            !noShow &&
            (request.cancelledByRole === 'provider' ? <RequestEnded request={request} /> : <p className="muted">{tCustomer.jobCanceled}</p>)}
        </Card>
      </div>
      <div className="tracking__side">
        <ProviderCard provider={request.provider ?? request.accepted_bid?.provider ?? null} estimate={estimate} status={status} />
        <JobExtrasPanel request={request} role="customer" socket={socket} canAnswer={state.stage === 'arrived' || state.stage === 'completion-reported'} />
        <JobChatPanel requestId={requestId} role="customer" socket={socket} />
        <JobDetails request={request} costLabel={tCustomer.price} />
        <HelpSection onExtraService={live ? () => setExtraOpen(true) : undefined} />
        <ReportProblemCard requestId={requestId} socket={socket} />
        {state.stage === 'en-route' && (
          <Button variant="destructive" onClick={() => setCancelOpen(true)}>
            {tCustomer.cancelService}
          </Button>
        )}
      </div>
      <ExtraServiceDialog open={extraOpen} onClose={() => setExtraOpen(false)} onSubmit={onExtra} />
      <Dialog
        open={cancelOpen}
        title={tCustomer.cancelTitle}
        description={tCustomer.cancelDescription}
        onClose={() => setCancelOpen(false)}
        footer={
          <>
            <Button variant="outline" onClick={() => setCancelOpen(false)}>
              {tCustomer.keepService}
            </Button>
            <Button variant="destructive" onClick={() => void onCancel()} busy={cancelling}>
              {tCustomer.cancelService}
            </Button>
          </>
        }
      >
        {request.paymentMethod === 'card' && cancellationFee > 0 && <p>{tCustomer.cancellationFee({ amount: formatMoney(cancellationFee) })}</p>}
        <p>{tCustomer.cannotUndo}</p>
      </Dialog>
      <Dialog open={ratingOpen} title={tCustomer.rateTitle} description={tCustomer.rateDescription} onClose={() => setRatingOpen(false)}>
        <RatingForm onSubmit={rating.submit} busy={rating.submitting} />
      </Dialog>
    </div>
  );
}
