import { type ExtraAnswer, type JobExtraView, type ServiceRequestView } from '@tiredash/contracts';
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { errorMessage } from '../../../shared/api/api-error';
import { baseApi } from '../../../shared/api/base-api';
import { formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingExtrasMessages, trackingServiceTypesMessages } from '../../../shared/i18n/locales/en/tracking';
import type { RealtimeSocket } from '../../../shared/realtime/realtime-socket';
import { useSocketEvent } from '../../../shared/realtime/use-realtime';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ExtraServiceDialog, type ExtraServiceRequest } from '../components/extra-service-dialog';
import { serviceTypeLabel } from '../tracking-labels';
import { useAddJobExtraMutation, useAnswerJobExtraMutation } from './extras.api';
import { extraPriceInRange, jobAmount, mergeExtras } from './extras.model';

type ExtrasT = ReturnType<typeof trackingExtrasMessages.get>;

interface JobExtrasPanelProps {
  request: ServiceRequestView;
  role: 'customer' | 'provider';
  /** The screen's socket (joined to the job): extras and answers arrive live as `extra_service`. */
  socket: RealtimeSocket | null;
  /** The provider may add an extra now (after 'I AM HERE', before 'JOB COMPLETED'). */
  canAdd?: boolean;
  /** The customer may answer now (the job runs). */
  canAnswer?: boolean;
}

function statusText(e: JobExtraView, t: ExtrasT): string {
  switch (e.status) {
    case 'pending':
      return t.pending;
    case 'approved':
      return t.approved;
    case 'declined':
      return t.declined;
    case 'card_declined':
      return t.cardDeclined;
  }
}

/**
 * Extras on the tracking screens (issue 13 item 1). The provider adds a priced item with the extra-service dialog;
 * the customer approves or declines each one (a card approval raises the hold: 'The charge amount is now $X'). Both
 * see the items, their status and the job total with the approved ones, live (`extra_service`), announced politely.
 */
export function JobExtrasPanel({ request, role, socket, canAdd = false, canAnswer = false }: JobExtrasPanelProps) {
  const t = useMessages(trackingExtrasMessages);
  const serviceTypes = useMessages(trackingServiceTypesMessages);
  const dispatch = useAppDispatch();
  const { toast } = useToast();
  const requestId = request.documentId;
  const [extras, setExtras] = useState<JobExtraView[]>(request.extras ?? []);
  const [announcement, setAnnouncement] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [answering, setAnswering] = useState<string | null>(null);
  const [add, adding] = useAddJobExtraMutation();
  const [answer] = useAnswerJobExtraMutation();
  // A failed add is sent again with the same id while the item is unchanged: the server stores it once.
  const pendingAdd = useRef<{ key: string; clientExtraId: string } | null>(null);
  const label = (e: Pick<JobExtraView, 'serviceType'>) => serviceTypeLabel(e.serviceType, serviceTypes);

  useEffect(() => {
    setExtras((list) => (request.extras ?? []).reduce(mergeExtras, list));
  }, [request.extras]);

  useSocketEvent(socket, 'extra_service', (e) => {
    if (e.requestId !== requestId) return;
    setExtras((list) => mergeExtras(list, e));
    // The request (its totals, the confirm step's amount) is read again.
    dispatch(baseApi.util.invalidateTags([{ type: 'ServiceRequests', id: requestId }]));
    const amount = formatMoney(e.amount);
    if (role === 'customer' && e.status === 'pending') setAnnouncement(t.newExtra({ service: label(e), amount }));
    if (role === 'provider' && e.status === 'approved') setAnnouncement(t.answeredApproved({ service: label(e) }));
    if (role === 'provider' && e.status === 'declined') setAnnouncement(t.answeredDeclined({ service: label(e) }));
    if (role === 'provider' && e.status === 'card_declined') setAnnouncement(t.answeredCardDeclined({ service: label(e) }));
  });

  const onAdd = async (item: ExtraServiceRequest) => {
    const key = `${item.serviceType}|${item.budget}`;
    const clientExtraId = pendingAdd.current?.key === key ? pendingAdd.current.clientExtraId : crypto.randomUUID();
    pendingAdd.current = { key, clientExtraId };
    setAddError(null);
    try {
      const saved = await add({ requestId, data: { serviceType: item.serviceType as JobExtraView['serviceType'], amount: item.budget, clientExtraId } }).unwrap();
      pendingAdd.current = null;
      setExtras((list) => mergeExtras(list, saved));
      setDialogOpen(false);
      toast({ title: t.added, description: t.addedText });
    } catch (err) {
      setAddError(errorMessage(err, t.addFailed));
    }
  };

  const onAnswer = async (e: JobExtraView, status: ExtraAnswer) => {
    setAnswering(`${e.id}:${status}`);
    setAnswerError(null);
    try {
      const saved = await answer({ requestId, extraId: e.id, status }).unwrap();
      setExtras((list) => mergeExtras(list, saved));
    } catch (err) {
      setAnswerError(errorMessage(err, t.answerFailed));
    } finally {
      setAnswering(null);
    }
  };

  if (role === 'customer' && extras.length === 0) {
    return (
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    );
  }

  return (
    <Card title={t.title} className="extras-panel">
      <p className="muted">{role === 'customer' ? t.customerIntro : t.providerIntro}</p>
      {extras.length === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <ul className="extras-list" aria-label={t.list}>
          {extras.map((e) => {
            const amount = formatMoney(e.amount);
            return (
              <li key={e.id} className={`extras-list__item extras-list__item--${e.status}`}>
                <p className="extras-list__line">
                  <span className="extras-list__what">{t.item({ service: label(e), amount })}</span>{' '}
                  <span className="status-badge">{statusText(e, t)}</span>
                </p>
                {e.status === 'approved' && e.chargeTotal !== null && role === 'customer' && <p className="extras-list__note">{t.chargeNow({ amount: formatMoney(e.chargeTotal) })}</p>}
                {e.status === 'card_declined' && (
                  <p className="extras-list__note field__error">{role === 'customer' ? t.cardDeclinedCustomer : t.cardDeclinedProvider}</p>
                )}
                {role === 'customer' && canAnswer && e.status === 'pending' && (
                  <div className="row">
                    <Button size="sm" aria-label={t.approveLabel({ service: label(e), amount })} busy={answering === `${e.id}:approved`} disabled={answering !== null} onClick={() => void onAnswer(e, 'approved')}>
                      {t.approve}
                    </Button>
                    <Button size="sm" variant="outline" aria-label={t.declineLabel({ service: label(e), amount })} busy={answering === `${e.id}:declined`} disabled={answering !== null} onClick={() => void onAnswer(e, 'declined')}>
                      {t.decline}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {answerError && (
        <p className="field__error" role="alert">
          {answerError}
        </p>
      )}
      {extras.some((e) => e.status === 'approved') && (
        <p className="extras-panel__total">
          <strong>{t.jobTotal({ amount: formatMoney(jobAmount({ ...request, extras })) })}</strong>
          {request.paymentMethod === 'cash' && <span className="muted"> {t.cashNote}</span>}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {role === 'provider' && canAdd && (
        <Button variant="outline" onClick={() => setDialogOpen(true)}>
          {t.add}
        </Button>
      )}
      {role === 'provider' && (
        <ExtraServiceDialog
          open={dialogOpen}
          onClose={() => {
            setDialogOpen(false);
            setAddError(null);
          }}
          onSubmit={(item) => void onAdd(item)}
          copy={{ title: t.dialogTitle, description: t.dialogDescription, budget: t.price }}
          rangeError={(price) => (extraPriceInRange(price) ? null : t.priceRange)}
          busy={adding.isLoading}
          error={addError}
        />
      )}
    </Card>
  );
}
