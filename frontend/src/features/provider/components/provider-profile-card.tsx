import { Link } from 'react-router-dom';
import type { ProviderView } from '@tiredash/contracts';
import { Card } from '../../../shared/ui/card';
import { formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { providerCardMessages, providerServicesMessages } from '../../../shared/i18n/locales/en/provider';
import { labelOf } from '../../tracking/tracking-labels';

function approvalLabel(isApproved: boolean | null, t: ReturnType<typeof providerCardMessages.get>): string {
  if (isApproved === true) return t.approved;
  if (isApproved === false) return t.rejected;
  return t.pendingReview;
}

/** The provider's own profile as the API returns it. */
export function ProviderProfileCard({ provider }: { provider: ProviderView }) {
  const t = useMessages(providerCardMessages);
  const services = useMessages(providerServicesMessages);
  const rows: Array<[string, string]> = [
    [t.businessName, provider.businessName],
    [t.fullName, provider.fullName ?? '—'],
    [t.email, provider.user?.email ?? '—'],
    [t.phone, provider.phone],
    [t.yearsExperience, String(provider.yearsExperience)],
    [t.hourlyRate, formatMoney(provider.hourlyRate)],
    [t.serviceRadius, t.radiusMiles({ radius: provider.serviceArea.radius })],
    [t.vehicleDetails, provider.vehicleSpecs ?? '—'],
    [t.accountStatus, approvalLabel(provider.isApproved, t)],
  ];
  return (
    <Card title={t.title}>
      <dl className="detail-list">
        {rows.map(([term, value]) => (
          <div key={term} className="detail-list__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="detail-list__row">
          <dt>{t.servicesOffered}</dt>
          <dd>
            {provider.service_types.length > 0 ? (
              <ul className="chip-list">
                {provider.service_types.map((service) => (
                  <li key={service} className="chip">
                    {labelOf(services, service)}
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
        <Link to="/provider/profile">{t.editProfile}</Link>
        <Link to="/provider/settings">{t.paymentSettings}</Link>
      </p>
    </Card>
  );
}
