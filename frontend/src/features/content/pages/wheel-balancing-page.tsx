import { ServicePage } from '../components/service-page';

/** /services/wheel-balancing */
export function WheelBalancingPage() {
  return <ServicePage slug="wheel-balancing" />;
}
