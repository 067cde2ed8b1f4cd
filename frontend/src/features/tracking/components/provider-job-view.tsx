import type { ServiceRequestView } from '@tiredash/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { errorMessage, errorReason, errorStatus } from '../../../shared/api/api-error';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingEtaMessages, trackingProviderMessages, trackingProviderToastMessages } from '../../../shared/i18n/locales/en/tracking';
import { useRealtimeConnection, useSocketEvent } from '../../../shared/realtime/use-realtime';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useGetServiceRequestQuery, useUpdateServiceRequestMutation } from '../../requests/api';
import { useGetJobQuery, useMarkArrivedMutation, useMarkArrivedOverrideMutation, useReportCompletionMutation } from '../api';
import { estimateMinutes } from '../geo';
import { useJobProgress } from '../hooks/use-job-progress';
import { useLocationStream, type PositionSource } from '../hooks/use-location-stream';
import { ScheduledHoldBanner } from '../../payments/components/scheduled-hold-banner';
import { focusJobChat, JobChatPanel } from '../chat/job-chat-panel';
import { ReportProblemCard } from '../disputes/report-problem';
import { JobExtrasPanel } from '../extras/job-extras-panel';
import { useRouteLine } from '../hooks/use-route-line';
import { canReportCompletion, progressSteps, providerStatusLabel } from '../job-progress.reducer';
import { useJobOutbox } from '../offline/use-job-outbox';
import { OutboxStatus } from '../../../shared/offline/outbox-status';
import { emitWithAck, SocketRefusal } from '../socket-ack';
import { CancelJobDialog } from './cancel-job-dialog';
import { CustomerCard } from './customer-card';
import { JobDetails } from './job-details';
import { LiveMap } from './live-map';
import { ArrivalOverrideDialog, arrivalRefusal, ProviderNoShowPanel, useNoShowTexts, type ArrivalRefusal } from './no-show-panels';
import { JobStatusLabel, ProgressSteps } from './progress-steps';

/** How long the provider sees the Completed state before going back to the dashboard. */
export const BACK_TO_DASHBOARD_MS = 2500;

/** The provider's toasts of this screen, in the current language. */
/** 'I AM HERE' refused for want of a position this screen has sent: asked again this many times, this far apart. */
const POSITION_RETRIES = 3;
const POSITION_RETRY_MS = 1000;

export function providerJobToasts(t = trackingProviderToastMessages.get()) {
  return {
    jobConfirmed: { title: t.jobConfirmedTitle, description: t.jobConfirmed },
    jobCanceled: { title: t.jobCanceledTitle, description: t.jobCanceled, variant: 'destructive' },
    arrivedFailed: { title: t.errorTitle, description: t.arrivedFailed, variant: 'destructive' },
    completedFailed: { title: t.errorTitle, description: t.completedFailed, variant: 'destructive' },
    youCanceled: { title: t.jobCanceledTitle, description: t.youCanceled },
  } as const;
}

/**
 * Why a tap failed: a refusal's message (the server's, or in another language the catalogue's for its code, else
 * the fallback), a socket failure's own message, else the fallback.
 */
function failure(err: unknown, fallback: string): string {
  if (err instanceof SocketRefusal) return errorMessage({ data: { error: { code: err.code, message: err.message } } }, fallback);
  return err instanceof Error ? err.message : errorMessage(err, fallback);
}

interface ProviderJobViewProps {
  requestId: string;
  /** The device position API (tests pass their own); the browser's by default. */
  positionSource?: PositionSource | null;
}

/** /provider/tracking/{id}: the provider's live job: I AM HERE, JOB COMPLETED, the map and the customer. */
export function ProviderJobView({ requestId, positionSource }: ProviderJobViewProps) {
  const tProvider = useMessages(trackingProviderMessages);
  const request = useGetServiceRequestQuery(requestId, { refetchOnMountOrArgChange: true });
  if (request.isLoading) return <Spinner label={tProvider.loading} />;
  if (request.isError || !request.data) {
    const status = errorStatus(request.error);
    const message = status === 404 ? tProvider.notFound : status === 403 ? tProvider.forbidden : tProvider.loadFailed;
    return <ErrorState message={message} onRetry={status === 404 || status === 403 ? undefined : () => void request.refetch()} />;
  }
  return <ProviderJob request={request.data} positionSource={positionSource} />;
}

function ProviderJob({ request, positionSource }: { request: ServiceRequestView; positionSource?: PositionSource | null }) {
  const requestId = request.documentId;
  const user = useAppSelector(selectCurrentUser);
  const token = useAppSelector((s) => s.auth.token);
  const providerId = user?.business?.documentId ?? request.provider?.documentId ?? null;
  const customerId = request.customer.documentId;
  const navigate = useNavigate();
  const { toast } = useToast();
  const tProvider = useMessages(trackingProviderMessages);
  const tEta = useMessages(trackingEtaMessages);
  const jobToasts = providerJobToasts(useMessages(trackingProviderToastMessages));
  const job = useGetJobQuery(requestId, { refetchOnMountOrArgChange: true });
  const [state, dispatch] = useJobProgress(request, job.data);
  const [busy, setBusy] = useState<'arrived' | 'completed' | null>(null);
  const [arrivedOverHttp] = useMarkArrivedMutation();
  const [completedOverHttp] = useReportCompletionMutation();
  const [cancelJob, { isLoading: canceling }] = useUpdateServiceRequestMutation();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  // 'I AM HERE' refused by the arrival check (too far, or no position known): why, and the reason to arrive anyway.
  const tNoShow = useNoShowTexts();
  const [refusal, setRefusal] = useState<ArrivalRefusal | null>(null);
  // The arrival was passed by a reason here (the request read before it does not say so yet): no no-show fee on it.
  const [overridden, setOverridden] = useState(false);
  const [overrideError, setOverrideError] = useState<string | null>(null);
  const [arriveAnyway, { isLoading: overriding }] = useMarkArrivedOverrideMutation();
  const [noShow, setNoShow] = useState(request.tireStatus === 'Customer No-Show');

  const live = state.stage !== 'confirmed' && state.stage !== 'cancelled';
  const join = useMemo(() => (providerId ? { userId: providerId, role: 'provider' as const, requestId } : null), [providerId, requestId]);
  const socket = useRealtimeConnection(live ? token : null, join);
  // Offline (or while older updates wait), taps and points are written down and sent in order when it is back.
  const outbox = useJobOutbox({ requestId, customerId, providerId }, socket);
  const target = useMemo(() => ({ requestId, customerId, takePoint: outbox.takePoint }), [requestId, customerId, outbox.takePoint]);
  const stream = useLocationStream(socket, target, live, positionSource);
  const pointsSent = useRef(0);
  pointsSent.current = stream.sent;

  useSocketEvent(socket, 'job_confirmed', (p) => {
    if (p.requestId !== requestId) return;
    dispatch({ type: 'confirmed' });
    toast(jobToasts.jobConfirmed);
  });
  useSocketEvent(socket, 'customer_no_show', (p) => {
    if (p.requestId !== requestId) return;
    setNoShow(true);
    dispatch({ type: 'cancelled' });
  });
  useSocketEvent(socket, 'job_canceled', (p) => {
    if (p.requestId !== requestId) return;
    dispatch({ type: 'cancelled' });
    // This provider's own cancel comes back too: it was already told.
    if (p.canceledByRole === 'provider') return;
    toast(jobToasts.jobCanceled);
    void navigate('/provider/dashboard');
  });

  const onCancelJob = async (reason: string) => {
    setCancelError(null);
    try {
      await cancelJob({ id: requestId, data: { tireStatus: 'Cancelled', cancelReason: reason } }).unwrap();
    } catch (err) {
      setCancelError(errorMessage(err, tProvider.cancelFailed));
      return;
    }
    setCancelOpen(false);
    dispatch({ type: 'cancelled' });
    toast(jobToasts.youCanceled);
    void navigate('/provider/dashboard');
  };

  // Confirmed: Completed is shown briefly, then the dashboard (spec section 4, job progress).
  useEffect(() => {
    if (state.stage !== 'confirmed') return undefined;
    const timer = setTimeout(() => void navigate('/provider/dashboard'), BACK_TO_DASHBOARD_MS);
    return () => clearTimeout(timer);
  }, [state.stage, navigate]);

  // A reopened page shows what was done offline and still waits to be sent.
  const { waiting, refused, dismissRefused } = outbox;
  useEffect(() => {
    for (const w of waiting) dispatch({ type: w.kind === 'completed' ? 'completionReported' : 'arrived' });
  }, [waiting, dispatch]);
  useEffect(() => {
    if (refused.length === 0) return;
    for (const r of refused) {
      const base = r.entry.kind === 'arrived' ? jobToasts.arrivedFailed : jobToasts.completedFailed;
      toast({ ...base, description: r.message });
    }
    dismissRefused();
  }, [refused, dismissRefused, toast, jobToasts]);

  /** Writes the tap down when it cannot be sent now (offline, or earlier updates still waiting): true if it did. */
  const queued = async (kind: 'arrived' | 'completed', err?: unknown): Promise<boolean> => {
    if (err === undefined ? !outbox.mustQueue() : errorStatus(err) !== null || err instanceof Error) return false;
    await outbox.queue(kind);
    dispatch({ type: kind === 'arrived' ? 'arrived' : 'completionReported' });
    return true;
  };

  const markArrived = async () => {
    if (!providerId) return;
    if (await queued('arrived')) return;
    setBusy('arrived');
    try {
      // The spec's `arrived` emit while the live channel is up; the same command over REST when it is not.
      if (socket?.connected) await emitWithAck(socket, 'arrived', { requestId, customerId, providerId, arrivedAt: new Date().toISOString() });
      else await arrivedOverHttp(requestId).unwrap();
      dispatch({ type: 'arrived' });
    } catch (err) {
      if (await queued('arrived', err)) return;
      if (await refusedByArrivalCheck(err)) return;
      toast({ ...jobToasts.arrivedFailed, description: failure(err, jobToasts.arrivedFailed.description) });
    } finally {
      setBusy(null);
    }
  };

  /**
   * A refused arrival that may be the arrival check: over REST the refusal says why (the socket's ack only carries a
   * code), so a socket CONFLICT is asked again there. No position known although this screen has sent points: the
   * newest may still be on its way to dispatch, so it is asked again a few times first. Too far, or still no position:
   * the dialog for a reason to arrive anyway. True if handled.
   */
  const refusedByArrivalCheck = async (err: unknown): Promise<boolean> => {
    let why: unknown = err;
    const again = async (): Promise<boolean> => {
      try {
        await arrivedOverHttp(requestId).unwrap();
        dispatch({ type: 'arrived' });
        return true;
      } catch (restErr) {
        why = restErr;
        return false;
      }
    };
    if (err instanceof SocketRefusal) {
      if (err.code !== 'CONFLICT') return false;
      if (await again()) return true;
    }
    for (let i = 0; i < POSITION_RETRIES && errorReason(why) === 'ARRIVAL_POSITION_UNKNOWN' && pointsSent.current > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, POSITION_RETRY_MS));
      if (await again()) return true;
    }
    const refused = arrivalRefusal(why, tNoShow);
    if (!refused) return false;
    setOverrideError(null);
    setRefusal(refused);
    return true;
  };

  const onArriveAnyway = async (overrideReason: string) => {
    setOverrideError(null);
    try {
      await arriveAnyway({ id: requestId, overrideReason }).unwrap();
    } catch (err) {
      setOverrideError(errorMessage(err, jobToasts.arrivedFailed.description));
      return;
    }
    setRefusal(null);
    setOverridden(true);
    dispatch({ type: 'arrived' });
  };

  const reportCompleted = async () => {
    if (!providerId) return;
    if (await queued('completed')) return;
    setBusy('completed');
    try {
      if (socket?.connected) await emitWithAck(socket, 'job_completed', { requestId, customerId, providerId, completedAt: new Date().toISOString() });
      else await completedOverHttp(requestId).unwrap();
      dispatch({ type: 'completionReported' });
    } catch (err) {
      if (await queued('completed', err)) return;
      toast({ ...jobToasts.completedFailed, description: failure(err, jobToasts.completedFailed.description) });
    } finally {
      setBusy(null);
    }
  };

  const destination = useMemo(() => ({ lat: request.location?.lat ?? request.lat, lng: request.location?.lng ?? request.lng }), [request]);
  const origin = job.data?.origin ?? request.accepted_bid?.location ?? null;
  const position = stream.position ?? state.position ?? null;
  const route = useRouteLine(position ?? origin, destination, state.stage === 'en-route');
  const etaMinutes = route.etaMinutes ?? job.data?.eta?.minutes ?? null;
  const estimate = tEta.minutes(estimateMinutes(etaMinutes));
  const address = request.location?.address || request.address || tProvider.customerLocation;

  return (
    <div className="tracking tracking--provider">
      <div className="tracking__main">
        {request.paymentMethod === 'card' && <ScheduledHoldBanner requestId={requestId} role="provider" socket={socket} />}
        <div className="job-actions">
          {state.stage === 'en-route' && (
            <Button size="lg" className="job-actions__big" onClick={() => void markArrived()} busy={busy === 'arrived'}>
              {tProvider.iAmHere}
            </Button>
          )}
          {canReportCompletion(state.stage) && (
            <Button size="lg" className="job-actions__big" onClick={() => void reportCompleted()} busy={busy === 'completed'}>
              {tProvider.jobCompleted}
            </Button>
          )}
          <OutboxStatus waiting={outbox.waiting.length} sending={outbox.sending} />
          {state.stage === 'completion-reported' && <p className="job-actions__note">{tProvider.waitingConfirm}</p>}
          {state.stage === 'confirmed' && <p className="job-actions__note">{tProvider.confirmedReturning}</p>}
          {state.stage === 'cancelled' && !noShow && <p className="job-actions__note">{tProvider.jobCanceled}</p>}
          {(state.stage === 'en-route' || state.stage === 'arrived') && (
            <Button variant="outline" onClick={() => setCancelOpen(true)}>
              {tProvider.cancelJob}
            </Button>
          )}
        </div>
        <ProviderNoShowPanel
          request={request}
          stage={state.stage}
          socket={socket}
          arrivalUnchecked={overridden || Boolean(request.arrivalOverrideReason)}
          onNoShow={() => {
            setNoShow(true);
            dispatch({ type: 'cancelled' });
          }}
        />
        <ArrivalOverrideDialog
          refusal={refusal}
          busy={overriding}
          error={overrideError}
          onClose={() => setRefusal(null)}
          onSubmit={(reason) => void onArriveAnyway(reason)}
        />
        <CancelJobDialog
          open={cancelOpen}
          busy={canceling}
          error={cancelError}
          onClose={() => setCancelOpen(false)}
          onConfirm={(reason) => void onCancelJob(reason)}
        />
        <Card title={tProvider.liveMap} className="tracking__map-card">
          <JobStatusLabel status={providerStatusLabel(state.stage)} />
          <p className="job-eta">
            {tProvider.travelTime} <strong>{estimate}</strong>
          </p>
          {stream.error && (
            <p className="field__error" role="alert">
              {stream.error}
            </p>
          )}
          <LiveMap
            destination={destination}
            destinationLabel={tProvider.customerAt({ address })}
            origin={origin}
            provider={position}
            providerLabel={tProvider.yourLocation}
            waitingLabel={tProvider.waitingLocation}
            route={state.stage === 'en-route' ? route.positions : []}
            positionAt={position?.at ?? null}
          />
        </Card>
        <Card title={tProvider.serviceProgress}>
          <ProgressSteps steps={progressSteps(state.stage, 'provider')} label={tProvider.serviceProgress} />
        </Card>
      </div>
      <div className="tracking__side">
        <CustomerCard customer={request.customer} onMessage={() => focusJobChat(requestId)} />
        <JobExtrasPanel request={request} role="provider" socket={socket} canAdd={state.stage === 'arrived'} />
        <JobChatPanel requestId={requestId} role="provider" socket={socket} />
        <JobDetails request={request} />
        <ReportProblemCard requestId={requestId} socket={socket} />
      </div>
    </div>
  );
}
