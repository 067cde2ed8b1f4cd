import type { BidProviderView } from '@tiredash/contracts';
import { Card } from '../../../shared/ui/card';

/** The customer's view of the accepted provider: name, rating, jobs, a call link and the travel estimate. */
export function ProviderCard({ provider, estimate, status }: { provider: BidProviderView | null; estimate: string; status: string }) {
  if (!provider) {
    return (
      <Card title="Your Provider">
        <p className="muted">Provider details are not available.</p>
      </Card>
    );
  }
  return (
    <Card title="Your Provider">
      <div className="person-card">
        <span className="person-card__avatar" aria-hidden="true">
          {(provider.businessName || provider.fullName || '?').slice(0, 1).toUpperCase()}
        </span>
        <div>
          <p className="person-card__name">{provider.businessName}</p>
          {provider.fullName && <p className="muted">{provider.fullName}</p>}
          <p className="muted">
            {provider.rating !== null ? `★ ${provider.rating.toFixed(1)}/5` : 'No ratings yet'} · {provider.totalJobs} jobs
          </p>
        </div>
      </div>
      {status === 'En Route' && (
        <p className="person-card__eta">
          Estimated arrival: <strong>{estimate}</strong>
        </p>
      )}
      {provider.phone && (
        <a className="btn btn--outline btn--md" href={`tel:${provider.phone}`}>
          Call Provider
        </a>
      )}
    </Card>
  );
}
