import type { ServiceRequestView } from '@tiredash/contracts';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { repostValues } from '../request-form.model';

type Ended = Pick<
  ServiceRequestView,
  'serviceType' | 'tireSize' | 'tireBrand' | 'address' | 'lat' | 'lng' | 'description' | 'budget' | 'priority' | 'paymentMethod' | 'tireStatus' | 'cancelledByRole' | 'cancelReason'
>;

/** What an ended request (expired, or cancelled by its provider) says, with 'Post again' prefilled from it. */
export function RequestEnded({ request }: { request: Ended }) {
  const navigate = useNavigate();
  const expired = request.tireStatus === 'Expired';
  const byProvider = request.tireStatus === 'Cancelled' && request.cancelledByRole === 'provider';
  return (
    <div className="request-ended" role="status" aria-live="polite">
      <h3 className="request-ended__title">{expired ? 'No provider was chosen in time' : byProvider ? 'Provider Canceled' : 'This request was cancelled'}</h3>
      <p>
        {expired
          ? 'This request expired without an accepted bid, and nothing was charged. Post it again to ask the providers who are online now.'
          : byProvider
            ? `Your provider canceled this job${request.cancelReason ? ` (${request.cancelReason})` : ''}. Any card hold was released. Post it again to get new bids.`
            : 'It no longer takes bids.'}
      </p>
      <div className="row">
        <Button onClick={() => void navigate('/create-request', { state: { repost: repostValues(request) } })}>Post again</Button>
        <ButtonLink to="/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      </div>
    </div>
  );
}
