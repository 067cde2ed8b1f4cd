import { Link, useLocation } from 'react-router-dom';
import { repostFromState } from '../../requests/request-form.model';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { customerHomeMessages } from '../../../shared/i18n/locales/en/customer';
import { NewRequestPanel } from '../../requests/components/new-request-panel';
import { CardPaymentDialog } from '../../payments/components/card-payment-dialog';

/** /create-request: the request form on its own page ('Post again' opens it filled from the earlier request). */
export function CreateRequestPage() {
  const repost = repostFromState(useLocation().state);
  const t = useMessages(customerHomeMessages);
  return (
    <AreaShell title={t.title} subtitle={t.subtitle}>
      <Link to="/dashboard" className="back-link">
        ← {t.backToDashboard}
      </Link>
      {repost && (
        <p className="notice" role="status">
          {t.repostNotice}
        </p>
      )}
      <NewRequestPanel CardPaymentDialog={CardPaymentDialog} initialValues={repost} />
    </AreaShell>
  );
}
