import { useSearchParams } from 'react-router-dom';
import { AreaShell } from '../../../app/layout/area-shell';
import { OnboardingComplete } from '../../payments/components/onboarding-complete';

/** /provider/complete?providerId=: where Stripe's hosted onboarding returns the provider. */
export function ProviderCompletePage() {
  const [params] = useSearchParams();
  const providerId = params.get('providerId')?.trim() || null;
  return (
    <AreaShell title="Stripe Account Setup">
      <OnboardingComplete providerId={providerId} />
    </AreaShell>
  );
}
