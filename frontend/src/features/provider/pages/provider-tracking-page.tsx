import { useParams } from 'react-router-dom';
import { AreaShell } from '../../../app/layout/area-shell';
import { ButtonLink } from '../../../shared/ui/button';
import { ProviderJobView } from '../../tracking/components/provider-job-view';

/** /provider/tracking/{id} */
export function ProviderTrackingPage() {
  const { id = '' } = useParams();
  return (
    <AreaShell
      title="Live Job"
      actions={
        <ButtonLink to="/provider/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      }
    >
      <ProviderJobView key={id} requestId={id} />
    </AreaShell>
  );
}
