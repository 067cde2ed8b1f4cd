import { ServicePage } from '../components/service-page';

/** /services/tire-replacement */
export function TireReplacementPage() {
  return <ServicePage slug="tire-replacement" />;
}
