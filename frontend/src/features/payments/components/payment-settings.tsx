import type { PaymentAccountView } from '@tiredash/contracts';
import { useState } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { paymentsSettingsMessages } from '../../../shared/i18n/locales/en/payments';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { useCreateConnectAccountMutation, useCreateDashboardLinkMutation, useGetStripeStatusQuery, useListPaymentAccountsQuery } from '../api';
import { maskAccountNumber } from '../card-format';

/** The settings' toasts in the language shown. */
export function settingsToasts(t = paymentsSettingsMessages.get()) {
  return {
    onboardingFailed: { title: t.errorTitle, description: t.onboardingFailed, variant: 'destructive' },
    dashboardFailed: { title: t.errorTitle, description: t.dashboardFailed, variant: 'destructive' },
  } as const;
}

/** How the page leaves for Stripe: the hosted onboarding in this tab, the dashboard in a new one. */
export interface ExternalNavigation {
  assign: (url: string) => void;
  openInNewTab: (url: string) => void;
}

const browserNavigation: ExternalNavigation = {
  assign: (url) => window.location.assign(url),
  openInNewTab: (url) => {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};

interface PaymentSettingsProps {
  providerId: string;
  businessName: string;
  email: string;
  navigation?: ExternalNavigation;
}

/**
 * The provider's payment settings: 'Connected' once the payment account is active, else 'Not Connected' with
 * 'Set Up Stripe Connect' (creates the Express account, then the browser goes to Stripe's onboarding link).
 */
export function PaymentSettings({ providerId, businessName, email, navigation = browserNavigation }: PaymentSettingsProps) {
  const { toast } = useToast();
  const t = useMessages(paymentsSettingsMessages);
  const toasts = settingsToasts(t);
  const status = useGetStripeStatusQuery(providerId);
  const connected = status.data?.stripeAccountStatus === 'active';
  const records = useListPaymentAccountsQuery(providerId, { skip: !connected });
  const [createAccount] = useCreateConnectAccountMutation();
  const [dashboardLink] = useCreateDashboardLinkMutation();
  const [starting, setStarting] = useState(false);
  const [opening, setOpening] = useState(false);

  const setUp = async () => {
    setStarting(true);
    try {
      const origin = window.location.origin;
      const created = await createAccount({
        email,
        business_type: 'company',
        company: { name: businessName },
        refreshUrl: `${origin}/provider/settings`,
        returnUrl: `${origin}/provider/complete?providerId=${encodeURIComponent(providerId)}`,
      }).unwrap();
      navigation.assign(created.url);
    } catch {
      toast(toasts.onboardingFailed);
      setStarting(false);
    }
  };

  const record: PaymentAccountView | null = records.data?.[0] ?? null;
  const accountId = record?.stripeAccountId ?? status.data?.stripeAccountId ?? null;

  const openDashboard = async () => {
    if (!accountId) return toast(toasts.dashboardFailed);
    setOpening(true);
    try {
      const { url } = await dashboardLink({ accountId }).unwrap();
      navigation.openInNewTab(url);
    } catch {
      toast(toasts.dashboardFailed);
    } finally {
      setOpening(false);
    }
  };

  if (status.isLoading) return <Spinner label={t.loading} />;
  if (status.isError) return <ErrorState message={t.loadFailed} onRetry={() => void status.refetch()} />;

  return (
    <div className="payment-settings">
      <Card
        title={
          <span className="payment-settings__title">
            {t.stripeConnect}
            <span className={`status-badge ${connected ? 'status-badge--completed' : 'status-badge--cancelled'}`}>{connected ? t.connected : t.notConnected}</span>
          </span>
        }
        description={t.intro}
      >
        {!connected && (
          <div className="payment-settings__start">
            <h3>{t.readyTitle}</h3>
            <p className="muted">
              {status.data?.stripeAccountStatus === 'pending'
                ? t.pending
                : t.start}
            </p>
            <Button onClick={() => void setUp()} busy={starting}>
              {starting ? t.redirecting : t.setUp}
            </Button>
          </div>
        )}
      </Card>

      {connected &&
        (records.isLoading ? (
          <Spinner label={t.loadingAccount} />
        ) : records.isError ? (
          <ErrorState message={t.accountFailed} onRetry={() => void records.refetch()} />
        ) : (
          <>
            <div className="payment-settings__grid">
              <Card title={t.accountInfo}>
                <dl className="detail-list">
                  <div className="detail-list__row">
                    <dt>{t.accountType}</dt>
                    <dd>{record?.accountType === 'individual' ? t.individual : t.company}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>{t.name}</dt>
                    <dd>{record?.accountName || businessName}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>{t.email}</dt>
                    <dd>{record?.accountEmail || email}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>{t.address}</dt>
                    <dd>{record?.accountAddress || '—'}</dd>
                  </div>
                </dl>
              </Card>
              <Card title={t.bankAccount}>
                <dl className="detail-list">
                  <div className="detail-list__row">
                    <dt>{t.bankName}</dt>
                    <dd>{record?.bankName || '—'}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>{t.accountNumber}</dt>
                    <dd aria-label={t.accountNumber}>{maskAccountNumber(record?.bankNumber)}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>{t.routingNumber}</dt>
                    <dd>{record?.bankRouting || '—'}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>{t.status}</dt>
                    <dd>{record?.bankStatus || '—'}</dd>
                  </div>
                </dl>
              </Card>
            </div>
            <div className="row">
              <Button variant="outline" onClick={() => void openDashboard()} busy={opening}>
                {t.openDashboard}
              </Button>
            </div>
          </>
        ))}
    </div>
  );
}
