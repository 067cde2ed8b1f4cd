import type { BidProviderView } from '@tiredash/contracts';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingProviderCardMessages } from '../../../shared/i18n/locales/en/tracking';
import { formatNumber } from '../../../shared/format';
import { Card } from '../../../shared/ui/card';

/** The customer's view of the accepted provider: name, rating, jobs, a call link and the travel estimate. */
export function ProviderCard({ provider, estimate, status }: { provider: BidProviderView | null; estimate: string; status: string }) {
  const tProviderCard = useMessages(trackingProviderCardMessages);
  if (!provider) {
    return (
      <Card title={tProviderCard.title}>
        <p className="muted">{tProviderCard.unavailable}</p>
      </Card>
    );
  }
  return (
    <Card title={tProviderCard.title}>
      <div className="person-card">
        <span className="person-card__avatar" aria-hidden="true">
          {(provider.businessName || provider.fullName || '?').slice(0, 1).toUpperCase()}
        </span>
        <div>
          <p className="person-card__name">{provider.businessName}</p>
          {provider.fullName && <p className="muted">{provider.fullName}</p>}
          <p className="muted">
            {provider.rating !== null ? tProviderCard.rating({ rating: formatNumber(provider.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }) : tProviderCard.noRatings} ·{' '}
            {tProviderCard.jobs(provider.totalJobs)}
          </p>
        </div>
      </div>
      {status === 'En Route' && (
        <p className="person-card__eta">
          {tProviderCard.eta} <strong>{estimate}</strong>
        </p>
      )}
      {provider.phone && (
        <a className="btn btn--outline btn--md" href={`tel:${provider.phone}`}>
          {tProviderCard.call}
        </a>
      )}
    </Card>
  );
}
