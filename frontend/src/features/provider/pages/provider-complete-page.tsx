import { useSearchParams } from 'react-router-dom';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { providerCompleteMessages } from '../../../shared/i18n/locales/en/provider';
import { OnboardingComplete } from '../../payments/components/onboarding-complete';

/** /provider/complete?providerId=: where Stripe's hosted onboarding returns the provider. */
export function ProviderCompletePage() {
  const t = useMessages(providerCompleteMessages);
  const [params] = useSearchParams();
  const providerId = params.get('providerId')?.trim() || null;
  return (
    <AreaShell title={t.title}>
      <OnboardingComplete providerId={providerId} />
    </AreaShell>
  );
}
