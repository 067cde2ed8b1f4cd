import { LIMITS, PAYMENT_FAILED_TITLE, type ServiceRequestView } from '@tiredash/contracts';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { errorMessage, errorStatus } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/format';
import { useRealtimeConnection, useSocketEvent } from '../../../shared/realtime/use-realtime';
import { useToast } from '../../../shared/toast/use-toast';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useGetServiceRequestQuery, useUpdateServiceRequestMutation } from '../../requests/api';
import { RequestEnded } from '../../requests/components/request-ended';
import { useConfirmCompletionMutation, useGetJobQuery } from '../api';
import { DEFAULT_ESTIMATE, formatMinutes } from '../geo';
import { useJobProgress } from '../hooks/use-job-progress';
import { useRouteLine } from '../hooks/use-route-line';
import { useSubmitRating } from '../hooks/use-submit-rating';
import { customerStatusLabel, progressSteps } from '../job-progress.reducer';
import { ExtraServiceDialog, type ExtraServiceRequest } from './extra-service-dialog';
import { HelpSection } from './help-section';
import { JobDetails } from './job-details';
import { LiveMap } from './live-map';
import { JobStatusLabel, ProgressSteps } from './progress-steps';
import { ProviderCard } from './provider-card';
import { RatingForm } from './rating-form';

export const CUSTOMER_TRACKING_TOASTS = {
  providerCanceled: { title: 'Provider Canceled', description: 'This job was canceled. You can post a new request.', variant: 'destructive' },
  jobConfirmed: { title: 'Job Confirmed', description: 'Thank you! Your service is complete.' },
  confirmFailed: { title: 'Error', description: 'Failed to confirm completion. Please try again.', variant: 'destructive' },
  cancelFailed: { title: 'Error', description: 'Failed to cancel the service. Please try again.', variant: 'destructive' },
} as const;

/** /tracking/{id}: the customer follows the accepted provider until completion, confirms and rates. */
export function CustomerTrackingView({ requestId }: { requestId: string }) {
  const request = useGetServiceRequestQuery(requestId, { refetchOnMountOrArgChange: true });
  if (request.isLoading) return <Spinner label="Loading your job..." />;
  if (request.isError || !request.data) {
    const status = errorStatus(request.error);
    const message = status === 404 ? 'This request does not exist.' : status === 403 ? 'You cannot view this request.' : 'Could not load this job.';
    return <ErrorState message={message} onRetry={status === 404 || status === 403 ? undefined : () => void request.refetch()} />;
  }
  if (request.data.tireStatus === 'Bids Open') {
    return (
      <Card title="No provider yet">
        <p>
          This request has no accepted bid yet. <Link to={`/bidding/${requestId}`}>See the bids</Link>
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
  const job = useGetJobQuery(requestId, { refetchOnMountOrArgChange: true });
  const [state, dispatch] = useJobProgress(request, job.data);
  const [confirm, { isLoading: confirming }] = useConfirmCompletionMutation();
  const [cancelRequest, { isLoading: cancelling }] = useUpdateServiceRequestMutation();
  const rating = useSubmitRating(request);
  const [extraOpen, setExtraOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [ratingOpen, setRatingOpen] = useState(false);

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
    const { providerCanceled } = CUSTOMER_TRACKING_TOASTS;
    toast(p.reason ? { ...providerCanceled, description: `This job was canceled: ${p.reason}. You can post a new request.` } : providerCanceled);
    void navigate('/dashboard');
  });

  const destination = useMemo(() => ({ lat: request.location?.lat ?? request.lat, lng: request.location?.lng ?? request.lng }), [request]);
  const origin = job.data?.origin ?? request.accepted_bid?.location ?? null;
  const providerPosition = state.position ?? null;
  const from = providerPosition ?? origin;
  const route = useRouteLine(from, destination, state.stage === 'en-route');
  const etaMinutes = route.etaMinutes ?? job.data?.eta?.minutes ?? null;
  const estimate = etaMinutes !== null ? formatMinutes(etaMinutes) : DEFAULT_ESTIMATE;
  const status = customerStatusLabel(state.stage);
  const address = request.location?.address || request.address || 'Your location';

  const onConfirm = async () => {
    try {
      await confirm(requestId).unwrap();
    } catch (err) {
      if (request.paymentMethod === 'card') {
        toast({ title: PAYMENT_FAILED_TITLE, description: errorMessage(err, 'The payment could not be captured.'), variant: 'destructive' });
      } else {
        toast({ ...CUSTOMER_TRACKING_TOASTS.confirmFailed, description: errorMessage(err, CUSTOMER_TRACKING_TOASTS.confirmFailed.description) });
      }
      return;
    }
    const confirmedAt = new Date().toISOString();
    socket?.emit('job_confirmed', { requestId, customerId: request.customer.documentId, confirmedAt, paymentMethod: request.paymentMethod });
    dispatch({ type: 'confirmed' });
    toast(CUSTOMER_TRACKING_TOASTS.jobConfirmed);
    void navigate(`/payment/${requestId}`);
  };

  const onCancel = async () => {
    try {
      await cancelRequest({ id: requestId, data: { tireStatus: 'Cancelled' } }).unwrap();
      setCancelOpen(false);
      void navigate('/dashboard');
    } catch (err) {
      toast({ ...CUSTOMER_TRACKING_TOASTS.cancelFailed, description: errorMessage(err, CUSTOMER_TRACKING_TOASTS.cancelFailed.description) });
    }
  };

  const onExtra = (extra: ExtraServiceRequest) => {
    setExtraOpen(false);
    toast({
      title: 'Extra Service Requested',
      description: `Please confirm ${extra.serviceType} (budget ${formatMoney(extra.budget)}) with your provider on site.`,
    });
  };

  return (
    <div className="tracking">
      <div className="tracking__main">
        <Card title="Live Tracking" className="tracking__map-card">
          <JobStatusLabel status={status} />
          <LiveMap
            destination={destination}
            destinationLabel={`Service location: ${address}`}
            provider={providerPosition}
            providerLabel="Provider location"
            route={state.stage === 'en-route' ? route.positions : []}
            positionAt={state.position?.at ?? null}
          />
        </Card>
        <Card title="Progress">
          <ProgressSteps steps={progressSteps(state.stage, 'customer')} label="Job progress" />
          {state.stage === 'completion-reported' && (
            <div className="confirm-panel" role="region" aria-label="Confirm completion">
              <p>
                Your provider reported the job complete.{' '}
                {request.paymentMethod === 'card'
                  ? `Confirming charges your card ${formatMoney((request.amount ?? request.budget) + LIMITS.cardProcessingFeeDollars)}.`
                  : `Please pay ${formatMoney(request.amount ?? request.budget)} in cash to your provider.`}
              </p>
              <Button size="lg" onClick={() => void onConfirm()} busy={confirming}>
                Confirm Completion
              </Button>
            </div>
          )}
          {state.stage === 'confirmed' && (
            <div className="confirm-panel">
              <p>This job is complete.</p>
              <div className="row">
                <ButtonLink to={`/payment/${requestId}`}>View Summary</ButtonLink>
                {!request.rating && (
                  <Button variant="outline" onClick={() => setRatingOpen(true)}>
                    Rate Provider
                  </Button>
                )}
              </div>
            </div>
          )}
          {state.stage === 'cancelled' &&
            (request.cancelledByRole === 'provider' ? <RequestEnded request={request} /> : <p className="muted">This job was canceled.</p>)}
        </Card>
      </div>
      <div className="tracking__side">
        <ProviderCard provider={request.provider ?? request.accepted_bid?.provider ?? null} estimate={estimate} status={status} />
        <JobDetails request={request} costLabel="Price" />
        <HelpSection onExtraService={live ? () => setExtraOpen(true) : undefined} />
        {state.stage === 'en-route' && (
          <Button variant="destructive" onClick={() => setCancelOpen(true)}>
            Cancel Service
          </Button>
        )}
      </div>
      <ExtraServiceDialog open={extraOpen} onClose={() => setExtraOpen(false)} onSubmit={onExtra} />
      <Dialog
        open={cancelOpen}
        title="Cancel this service?"
        description="Your provider is on the way. Canceling tells them to stop."
        onClose={() => setCancelOpen(false)}
        footer={
          <>
            <Button variant="outline" onClick={() => setCancelOpen(false)}>
              Keep Service
            </Button>
            <Button variant="destructive" onClick={() => void onCancel()} busy={cancelling}>
              Cancel Service
            </Button>
          </>
        }
      >
        <p>This cannot be undone.</p>
      </Dialog>
      <Dialog open={ratingOpen} title="Rate Your Provider" description="How was your service?" onClose={() => setRatingOpen(false)}>
        <RatingForm onSubmit={rating.submit} busy={rating.submitting} />
      </Dialog>
    </div>
  );
}
