import { Link, useLocation } from 'react-router-dom';
import { repostFromState } from '../../requests/request-form.model';
import { AreaShell } from '../../../app/layout/area-shell';
import { NewRequestPanel } from '../../requests/components/new-request-panel';
import { CardPaymentDialog } from '../../payments/components/card-payment-dialog';

/** /create-request: the request form on its own page ('Post again' opens it filled from the earlier request). */
export function CreateRequestPage() {
  const repost = repostFromState(useLocation().state);
  return (
    <AreaShell title="Request Tire Service" subtitle="Tell us what you need and get quotes from nearby providers">
      <Link to="/dashboard" className="back-link">
        ← Back to Dashboard
      </Link>
      {repost && (
        <p className="notice" role="status">
          Your earlier request is filled in below: check the details and submit it again.
        </p>
      )}
      <NewRequestPanel CardPaymentDialog={CardPaymentDialog} initialValues={repost} />
    </AreaShell>
  );
}
