import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { AreaShell } from '../../../app/layout/area-shell';
import { useMessages } from '../../../shared/i18n/i18n';
import { providerDashboardMessages } from '../../../shared/i18n/locales/en/provider';
import { Button } from '../../../shared/ui/button';
import { ErrorState, Spinner } from '../../../shared/ui/status';
import { Tabs } from '../../../shared/ui/tabs';
import { selectCurrentUser } from '../../auth/auth.slice';
import { useLogout } from '../../auth/hooks/use-logout';
import { useGetProviderQuery } from '../api';
import { OnlineSwitch } from '../components/online-switch';
import { ProviderProfileCard } from '../components/provider-profile-card';
import { ProviderRequestsTab } from '../../requests/components/provider-requests-tab';
import { useProviderRequestsFeed } from '../../requests/hooks/use-provider-requests-feed';
import { UnderReview } from '../components/under-review';
import { EarningsTab } from '../../payments/components/earnings-tab';
import { HistoryTab } from '../../payments/components/history-tab';
import { ReviewsTab } from '../../ratings/components/reviews-tab';
import { ProviderJobHistory } from '../../tracking/components/provider-job-history';

/** How often an unapproved provider re-fetches its approval. */
export const APPROVAL_POLL_MS = 15_000;

type ProviderTab = 'requests' | 'history' | 'earnings' | 'reviews' | 'profile';

/**
 * /provider/dashboard: the review screen until approved, then the Online/Offline switch and the Requests, History,
 * Earnings and Profile tabs.
 */
export function ProviderDashboardPage() {
  const t = useMessages(providerDashboardMessages);
  const user = useAppSelector(selectCurrentUser);
  const logout = useLogout('provider');
  const business = user?.business ?? null;
  const [tab, setTab] = useState<ProviderTab>('requests');
  const [pollMs, setPollMs] = useState(APPROVAL_POLL_MS);
  const { data, isLoading, isError, refetch } = useGetProviderQuery(business?.documentId ?? '', {
    skip: !business,
    pollingInterval: pollMs,
    skipPollingIfUnfocused: true,
  });
  const provider = data ?? business;
  const approved = provider?.isApproved === true;
  // The live request feed (socket + 10 s poll) runs for approved providers while the dashboard is open.
  const requestsFeed = useProviderRequestsFeed(approved ? (business?.documentId ?? null) : null);

  // An unapproved provider re-fetches its approval; once approved the polling stops.
  useEffect(() => {
    setPollMs(data?.isApproved === true ? 0 : APPROVAL_POLL_MS);
  }, [data?.isApproved]);

  const logoutButton = (
    <Button variant="outline" onClick={logout}>
      {t.logout}
    </Button>
  );

  if (!business) {
    return (
      <AreaShell title={t.title} actions={logoutButton}>
        <ErrorState title={t.noProfileTitle} message={t.noProfile} />
      </AreaShell>
    );
  }

  if (isLoading && !provider) {
    return (
      <AreaShell title={t.title} actions={logoutButton}>
        <Spinner />
      </AreaShell>
    );
  }

  return (
    <AreaShell title={t.title} subtitle={provider?.businessName} actions={logoutButton}>
      {isError && !data && <ErrorState message={t.refreshFailed} onRetry={() => void refetch()} />}
      {provider && !approved && <UnderReview providerId={provider.documentId} rejected={provider.isApproved === false} />}
      {provider && approved && <OnlineSwitch provider={provider} />}
      {provider && approved && (
        <Tabs<ProviderTab>
          label={t.tabs}
          value={tab}
          onChange={setTab}
          items={[
            { id: 'requests', label: t.requests, panel: requestsFeed && <ProviderRequestsTab feed={requestsFeed} online={provider.online === true} /> },
            {
              id: 'history',
              label: t.history,
              panel: (
                <>
                  <HistoryTab providerId={provider.documentId} />
                  <ProviderJobHistory providerId={provider.documentId} />
                </>
              ),
            },
            { id: 'earnings', label: t.earnings, panel: <EarningsTab providerId={provider.documentId} /> },
            { id: 'reviews', label: t.reviews, panel: <ReviewsTab providerId={provider.documentId} /> },
            { id: 'profile', label: t.profile, panel: <ProviderProfileCard provider={provider} /> },
          ]}
        />
      )}
    </AreaShell>
  );
}
