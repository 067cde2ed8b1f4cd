import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import type { ProviderRequestsFeed } from '../hooks/use-provider-requests-feed';
import { bidStateOf } from '../provider-requests.reducer';
import { BidForm } from './bid-form';
import { RequestSummary } from './request-summary';

/** The provider dashboard's Requests tab: live Bids Open requests, each with its bid form. */
export function ProviderRequestsTab({ feed, online = true }: { feed: ProviderRequestsFeed; /** The provider's switch: offline gets no new offers. */ online?: boolean }) {
  const { state, isLoading, isError, refetch, bidPlaced, providerId } = feed;
  const items = state.items;
  return (
    <section className="provider-requests" aria-label="Service requests">
      <p className="muted">New requests near you appear here as they come in.</p>
      {isLoading && items.length === 0 && <Spinner label="Loading requests..." />}
      {isError && items.length === 0 && <ErrorState message="Could not load service requests." onRetry={refetch} />}
      {!isLoading && !isError && items.length === 0 && (
        <EmptyState>
          {online
            ? 'No open requests right now. New ones will show up here.'
            : 'You are offline. Switch to Online above to be offered requests near you.'}
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className="offer-list" aria-label="Open service requests">
          {items.map(({ request }) => (
            <li key={request.documentId} className="card offer-card" aria-label={`${request.serviceType} request`}>
              <RequestSummary request={request} />
              <BidForm
                requestId={request.documentId}
                budget={request.budget}
                providerId={providerId}
                state={bidStateOf(state, request.documentId)}
                onPlaced={bidPlaced}
              />
              <Link to={`/bidding/${request.documentId}`} className="muted-link">
                Open request
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
