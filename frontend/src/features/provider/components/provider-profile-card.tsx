import { Link } from 'react-router-dom';
import type { ProviderView } from '@tiredash/contracts';
import { Card } from '../../../shared/ui/card';
import { formatMoney } from '../../../shared/format';

function approvalLabel(isApproved: boolean | null): string {
  if (isApproved === true) return 'Approved';
  if (isApproved === false) return 'Rejected';
  return 'Pending review';
}

/** The provider's own profile as the API returns it. */
export function ProviderProfileCard({ provider }: { provider: ProviderView }) {
  const rows: Array<[string, string]> = [
    ['Business Name', provider.businessName],
    ['Full Name', provider.fullName ?? '—'],
    ['Email', provider.user?.email ?? '—'],
    ['Phone', provider.phone],
    ['Years Experience', String(provider.yearsExperience)],
    ['Hourly Rate', formatMoney(provider.hourlyRate)],
    ['Service Radius', `${provider.serviceArea.radius} miles`],
    ['Vehicle Details', provider.vehicleSpecs ?? '—'],
    ['Account Status', approvalLabel(provider.isApproved)],
  ];
  return (
    <Card title="Profile">
      <dl className="detail-list">
        {rows.map(([term, value]) => (
          <div key={term} className="detail-list__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="detail-list__row">
          <dt>Services Offered</dt>
          <dd>
            {provider.service_types.length > 0 ? (
              <ul className="chip-list">
                {provider.service_types.map((service) => (
                  <li key={service} className="chip">
                    {service}
                  </li>
                ))}
              </ul>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      <p className="row">
        <Link to="/provider/profile">Edit Profile</Link>
        <Link to="/provider/settings">Payment Settings</Link>
      </p>
    </Card>
  );
}
