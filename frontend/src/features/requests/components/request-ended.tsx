import type { ServiceRequestView } from '@tiredash/contracts';
import { useNavigate } from 'react-router-dom';
import { useMessages } from '../../../shared/i18n/i18n';
import { endedMessages } from '../../../shared/i18n/locales/en/requests';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { repostValues } from '../request-form.model';

type Ended = Pick<
  ServiceRequestView,
  'serviceType' | 'tireSize' | 'tireBrand' | 'address' | 'lat' | 'lng' | 'description' | 'budget' | 'priority' | 'paymentMethod' | 'tireStatus' | 'cancelledByRole' | 'cancelReason'
>;

/** What an ended request (expired, or cancelled by its provider) says, with 'Post again' prefilled from it. */
export function RequestEnded({ request }: { request: Ended }) {
  const navigate = useNavigate();
  const t = useMessages(endedMessages);
  const expired = request.tireStatus === 'Expired';
  const byProvider = request.tireStatus === 'Cancelled' && request.cancelledByRole === 'provider';
  return (
    <div className="request-ended" role="status" aria-live="polite">
      <h3 className="request-ended__title">{expired ? t.expiredTitle : byProvider ? t.providerCanceledTitle : t.cancelledTitle}</h3>
      <p>
        {expired
          ? t.expiredText
          : byProvider
            ? request.cancelReason
              ? t.providerCanceledReasonText({ reason: request.cancelReason })
              : t.providerCanceledText
            : t.noBids}
      </p>
      <div className="row">
        <Button onClick={() => void navigate('/create-request', { state: { repost: repostValues(request) } })}>{t.postAgain}</Button>
        <ButtonLink to="/dashboard" variant="outline">
          {t.backToDashboard}
        </ButtonLink>
      </div>
    </div>
  );
}
