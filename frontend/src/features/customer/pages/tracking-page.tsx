import { useParams } from 'react-router-dom';
import { AreaShell } from '../../../app/layout/area-shell';
import { ButtonLink } from '../../../shared/ui/button';
import { CustomerTrackingView } from '../../tracking/components/customer-tracking-view';

/** /tracking/{id} */
export function TrackingPage() {
  const { id = '' } = useParams();
  return (
    <AreaShell
      title="Track Your Provider"
      actions={
        <ButtonLink to="/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    >
      <CustomerTrackingView key={id} requestId={id} />
    </AreaShell>
  );
}
