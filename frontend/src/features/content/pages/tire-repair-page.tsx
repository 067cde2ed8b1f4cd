import { ServicePage } from '../components/service-page';

/** /services/tire-repair */
export function TireRepairPage() {
  return <ServicePage slug="tire-repair" />;
}
