import { useParams } from 'react-router-dom';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { providerTrackingMessages } from '../../../shared/i18n/locales/en/provider';
import { ButtonLink } from '../../../shared/ui/button';
import { ProviderJobView } from '../../tracking/components/provider-job-view';

/** /provider/tracking/{id} */
export function ProviderTrackingPage() {
  const t = useMessages(providerTrackingMessages);
  const { id = '' } = useParams();
  return (
    <AreaShell
      title={t.title}
      actions={
        <ButtonLink to="/provider/dashboard" variant="outline">
          {t.back}
        </ButtonLink>
      }
    >
      <ProviderJobView key={id} requestId={id} />
    </AreaShell>
  );
}
