import { ServicePage } from '../components/service-page';

/** /services/emergency */
export function EmergencyServicePage() {
  return <ServicePage slug="emergency" />;
}
