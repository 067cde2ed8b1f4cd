import type { PaymentAccountView } from '@tiredash/contracts';
import { useState } from 'react';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { useCreateConnectAccountMutation, useCreateDashboardLinkMutation, useGetStripeStatusQuery, useListPaymentAccountsQuery } from '../api';
import { maskAccountNumber } from '../card-format';

export const SETTINGS_TEXT = {
  intro: 'Connect your Stripe account to receive payments from customers',
  readyTitle: 'Ready to get started?',
  setUp: 'Set Up Stripe Connect',
  openDashboard: 'Open Stripe Dashboard',
} as const;

export const SETTINGS_TOASTS = {
  onboardingFailed: { title: 'Error', description: 'Failed to start Stripe onboarding. Please try again.', variant: 'destructive' },
  dashboardFailed: { title: 'Error', description: 'Failed to get Stripe dashboard link. Please try again.', variant: 'destructive' },
} as const;

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
      toast(SETTINGS_TOASTS.onboardingFailed);
      setStarting(false);
    }
  };

  const record: PaymentAccountView | null = records.data?.[0] ?? null;
  const accountId = record?.stripeAccountId ?? status.data?.stripeAccountId ?? null;

  const openDashboard = async () => {
    if (!accountId) return toast(SETTINGS_TOASTS.dashboardFailed);
    setOpening(true);
    try {
      const { url } = await dashboardLink({ accountId }).unwrap();
      navigation.openInNewTab(url);
    } catch {
      toast(SETTINGS_TOASTS.dashboardFailed);
    } finally {
      setOpening(false);
    }
  };

  if (status.isLoading) return <Spinner label="Loading payment settings..." />;
  if (status.isError) return <ErrorState message="Could not load your payment settings." onRetry={() => void status.refetch()} />;

  return (
    <div className="payment-settings">
      <Card
        title={
          <span className="payment-settings__title">
            Stripe Connect
            <span className={`status-badge ${connected ? 'status-badge--completed' : 'status-badge--cancelled'}`}>{connected ? 'Connected' : 'Not Connected'}</span>
          </span>
        }
        description={SETTINGS_TEXT.intro}
      >
        {!connected && (
          <div className="payment-settings__start">
            <h3>{SETTINGS_TEXT.readyTitle}</h3>
            <p className="muted">
              {status.data?.stripeAccountStatus === 'pending'
                ? 'Your Stripe account setup is not finished yet. Continue where you left off to start receiving payouts.'
                : 'Set up a Stripe account to withdraw your earnings to your bank account. It only takes a few minutes.'}
            </p>
            <Button onClick={() => void setUp()} busy={starting}>
              {starting ? 'Redirecting to Stripe...' : SETTINGS_TEXT.setUp}
            </Button>
          </div>
        )}
      </Card>

      {connected &&
        (records.isLoading ? (
          <Spinner label="Loading account details..." />
        ) : records.isError ? (
          <ErrorState message="Could not load your account details." onRetry={() => void records.refetch()} />
        ) : (
          <>
            <div className="payment-settings__grid">
              <Card title="Account Information">
                <dl className="detail-list">
                  <div className="detail-list__row">
                    <dt>Account type</dt>
                    <dd>{record?.accountType === 'individual' ? 'Individual' : 'Company'}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>Name</dt>
                    <dd>{record?.accountName || businessName}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>Email</dt>
                    <dd>{record?.accountEmail || email}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>Address</dt>
                    <dd>{record?.accountAddress || '—'}</dd>
                  </div>
                </dl>
              </Card>
              <Card title="Bank Account">
                <dl className="detail-list">
                  <div className="detail-list__row">
                    <dt>Bank name</dt>
                    <dd>{record?.bankName || '—'}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>Account number</dt>
                    <dd aria-label="Account number">{maskAccountNumber(record?.bankNumber)}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>Routing number</dt>
                    <dd>{record?.bankRouting || '—'}</dd>
                  </div>
                  <div className="detail-list__row">
                    <dt>Status</dt>
                    <dd>{record?.bankStatus || '—'}</dd>
                  </div>
                </dl>
              </Card>
            </div>
            <div className="row">
              <Button variant="outline" onClick={() => void openDashboard()} busy={opening}>
                {SETTINGS_TEXT.openDashboard}
              </Button>
            </div>
          </>
        ))}
    </div>
  );
}
