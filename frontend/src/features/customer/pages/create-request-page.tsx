import { Link } from 'react-router-dom';
import { AreaShell } from '../../../app/layout/area-shell';
import { NewRequestPanel } from '../../requests/components/new-request-panel';
import { CardPaymentDialog } from '../../payments/components/card-payment-dialog';

/** /create-request: the request form on its own page. */
export function CreateRequestPage() {
  return (
    <AreaShell title="Request Tire Service" subtitle="Tell us what you need and get quotes from nearby providers">
      <Link to="/dashboard" className="back-link">
        ← Back to Dashboard
      </Link>
      <NewRequestPanel CardPaymentDialog={CardPaymentDialog} />
    </AreaShell>
  );
}
