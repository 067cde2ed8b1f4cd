import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { errorMessage, errorStatus } from '../../../shared/api/api-error';
import { useToast } from '../../../shared/toast/use-toast';
import { useMessages } from '../../../shared/i18n/i18n';
import { newRequestMessages } from '../../../shared/i18n/locales/en/requests';
import { Card } from '../../../shared/ui/card';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useUpdateCustomerMutation } from '../../customer/api';
import { usePlatformFees } from '../../payments/hooks/use-platform-fees';
import { useCreateServiceRequestMutation, useLazySearchAddressQuery, useUploadRequestPhotosMutation } from '../api';
import { SCHEDULED_HOLD_RULES, savesCardInsteadOfHold } from '@tiredash/contracts';
import { paymentsScheduledHoldMessages } from '../../../shared/i18n/locales/en/payments';
import type { CardPaymentDialogComponent } from '../card-payment';
import { buildCreateBody, hasCoordinates, type RequestFormValues } from '../request-form.model';
import { RequestForm } from './request-form';

/** The panel's toasts, in the language shown when read. */
export const REQUEST_TOASTS = {
  get created() {
    const t = newRequestMessages.get();
    return { title: t.createdTitle, description: t.createdDescription };
  },
  get failed() {
    const t = newRequestMessages.get();
    return { title: t.errorTitle, description: t.failedDescription, variant: 'destructive' as const };
  },
  get cardUnavailable() {
    const t = newRequestMessages.get();
    return { title: t.cardUnavailableTitle, description: t.cardUnavailableDescription, variant: 'destructive' as const };
  },
  get noLocation() {
    const t = newRequestMessages.get();
    return { title: t.noLocationTitle, description: t.noLocationDescription, variant: 'destructive' as const };
  },
  get uploadError() {
    const t = newRequestMessages.get();
    return { title: t.uploadErrorTitle, description: t.uploadErrorDescription, variant: 'destructive' as const };
  },
};

/** The form's scheduled time (a local date and time) as an ISO instant, or null. */
function scheduledIso(value: string): string | null {
  if (value === '') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

interface PendingCard {
  values: RequestFormValues;
  photos: File[];
  lat: number;
  lng: number;
  address: string;
}

/**
 * The request form and the spec's submit flow: resolve coordinates (geocode when both are 0), save the payment
 * method on the customer, then cash creates at once and card goes through the payment dialog first; photos are
 * uploaded before the request is created. Success: 'Request Created' and /bidding/{documentId}.
 */
export function NewRequestPanel({
  CardPaymentDialog,
  initialValues,
}: {
  CardPaymentDialog?: CardPaymentDialogComponent;
  /** 'Post again': the form starts from an earlier request. */
  initialValues?: RequestFormValues | null;
}) {
  const user = useAppSelector(selectCurrentUser);
  const customerId = user?.customer?.documentId ?? null;
  const navigate = useNavigate();
  const { toast } = useToast();
  const [updateCustomer] = useUpdateCustomerMutation();
  const [createRequest] = useCreateServiceRequestMutation();
  const [uploadPhotos] = useUploadRequestPhotosMutation();
  const [geocode] = useLazySearchAddressQuery();
  const [busy, setBusy] = useState(false);
  const [pendingCard, setPendingCard] = useState<PendingCard | null>(null);
  const t = useMessages(newRequestMessages);
  const tScheduled = useMessages(paymentsScheduledHoldMessages);
  // The card fee in force: payments keeps it with the hold this dialog authorises.
  const { cardFee } = usePlatformFees();

  const fail = () => toast(REQUEST_TOASTS.failed);

  /** Uploads the photos (if any) and creates the request; answers false when it stopped. */
  const create = async (p: PendingCard): Promise<void> => {
    if (!customerId) return fail();
    let photoIds: string[] = [];
    if (p.photos.length > 0) {
      try {
        photoIds = (await uploadPhotos(p.photos).unwrap()).map((m) => m.id);
      } catch (err) {
        if (errorStatus(err) === null) toast(REQUEST_TOASTS.uploadError);
        else {
          const t = newRequestMessages.get();
          toast({ title: t.uploadFailedTitle, description: errorMessage(err, t.uploadFailedDescription), variant: 'destructive' });
        }
        return;
      }
    }
    try {
      const created = await createRequest(buildCreateBody(p.values, { customerId, photoIds, lat: p.lat, lng: p.lng, address: p.address })).unwrap();
      toast(REQUEST_TOASTS.created);
      void navigate(`/bidding/${created.documentId}`);
    } catch {
      fail();
    }
  };

  const submit = async (values: RequestFormValues, photos: File[]) => {
    if (!customerId || values.paymentMethod === '') return fail();
    setBusy(true);
    try {
      let { lat, lng } = values;
      let address = values.address;
      if (!hasCoordinates(values)) {
        const q = values.address.trim();
        const found = q === '' ? [] : await geocode(q, true).unwrap().catch(() => []);
        if (found.length === 0) {
          toast(REQUEST_TOASTS.noLocation);
          return;
        }
        lat = found[0].lat;
        lng = found[0].lon;
        address = address || found[0].display_name;
      }
      if (values.paymentMethod === 'card' && !CardPaymentDialog) {
        toast(REQUEST_TOASTS.cardUnavailable);
        return;
      }
      try {
        await updateCustomer({ id: customerId, body: { data: { paymentMethod: values.paymentMethod } } }).unwrap();
      } catch {
        return fail();
      }
      const pending: PendingCard = { values, photos, lat, lng, address };
      if (values.paymentMethod === 'card') {
        setPendingCard(pending);
        return;
      }
      await create(pending);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t.title} className="request-panel">
      <p className="notice">{t.notice}</p>
      <RequestForm initialValues={initialValues} submitting={busy} onSubmit={(values, photos) => void submit(values, photos)} />
      {CardPaymentDialog && customerId && pendingCard && (
        <CardPaymentDialog
          open
          customerId={customerId}
          amount={Number(pendingCard.values.budget) + cardFee}
          cardFee={cardFee}
          {...(savesCardInsteadOfHold(scheduledIso(pendingCard.values.scheduledTime), Date.now())
            ? { mode: 'save-for-later' as const, notice: tScheduled.dialogNotice({ days: SCHEDULED_HOLD_RULES.saveInsteadOfHoldDays }) }
            : {})}
          onCancel={() => setPendingCard(null)}
          onSuccess={() => {
            const p = pendingCard;
            setPendingCard(null);
            setBusy(true);
            void create(p).finally(() => setBusy(false));
          }}
        />
      )}
    </Card>
  );
}
