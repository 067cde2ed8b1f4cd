import { useParams } from 'react-router-dom';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { customerTrackingMessages } from '../../../shared/i18n/locales/en/customer';
import { ButtonLink } from '../../../shared/ui/button';
import { CustomerTrackingView } from '../../tracking/components/customer-tracking-view';

/** /tracking/{id} */
export function TrackingPage() {
  const t = useMessages(customerTrackingMessages);
  const { id = '' } = useParams();
  return (
    <AreaShell
      title={t.title}
      actions={
        <ButtonLink to="/dashboard" variant="outline">
          {t.back}
        </ButtonLink>
      }
    >
      <CustomerTrackingView key={id} requestId={id} />
    </AreaShell>
  );
}
