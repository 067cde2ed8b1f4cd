import { Link } from 'react-router-dom';
import { useMessages } from '../../../shared/i18n/i18n';
import { providerRequestsMessages, serviceTypeMessages } from '../../../shared/i18n/locales/en/requests';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import type { ProviderRequestsFeed } from '../hooks/use-provider-requests-feed';
import { bidStateOf } from '../provider-requests.reducer';
import { BidForm } from './bid-form';
import { RequestSummary } from './request-summary';

/** The provider dashboard's Requests tab: live Bids Open requests, each with its bid form. */
export function ProviderRequestsTab({ feed, online = true }: { feed: ProviderRequestsFeed; /** The provider's switch: offline gets no new offers. */ online?: boolean }) {
  const t = useMessages(providerRequestsMessages);
  const serviceNames: Record<string, string> = useMessages(serviceTypeMessages);
  const { state, isLoading, isError, refetch, bidPlaced, providerId } = feed;
  const items = state.items;
  return (
    <section className="provider-requests" aria-label={t.sectionLabel}>
      <p className="muted">{t.intro}</p>
      {isLoading && items.length === 0 && <Spinner label={t.loading} />}
      {isError && items.length === 0 && <ErrorState message={t.loadFailed} onRetry={refetch} />}
      {!isLoading && !isError && items.length === 0 && (
        <EmptyState>
          {online ? t.empty : t.offline}
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="offer-list" aria-label={t.listLabel}>
          {items.map(({ request }) => (
            <li key={request.documentId} className="card offer-card" aria-label={t.itemLabel({ service: serviceNames[request.serviceType] ?? request.serviceType })}>
              <RequestSummary request={request} />
              <BidForm
                requestId={request.documentId}
                budget={request.budget}
                providerId={providerId}
                state={bidStateOf(state, request.documentId)}
                onPlaced={bidPlaced}
              />
              <Link to={`/bidding/${request.documentId}`} className="muted-link">
                {t.open}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
