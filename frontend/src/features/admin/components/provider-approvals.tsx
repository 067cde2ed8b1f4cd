import { useCallback, useState } from 'react';
import type { ProviderView } from '@tiredash/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate, formatMoney } from '../../../shared/format';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { UploadedImage } from '../../../shared/upload/image-thumbnail';
import { useListPendingProvidersQuery, useUpdateProviderMutation } from '../../provider/api';
import { Pager, SearchBox } from '../../../shared/ui/list-controls';

function ProviderDetails({ provider }: { provider: ProviderView }) {
  const rows: Array<[string, string]> = [
    ['Business Name', provider.businessName],
    ['Full Name', provider.fullName ?? '—'],
    ['Email', provider.user?.email ?? '—'],
    ['Phone', provider.phone],
    ['Years Experience', String(provider.yearsExperience)],
    ['Hourly Rate', formatMoney(provider.hourlyRate)],
    ['Service Radius', `${provider.serviceArea.radius} miles`],
    ['Services', provider.service_types.join(', ') || '—'],
    ['Vehicle Details', provider.vehicleSpecs ?? '—'],
    ['Applied', formatDate(provider.createdAt)],
  ];
  return (
    <dl className="detail-list">
      {rows.map(([term, value]) => (
        <div key={term} className="detail-list__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The two application documents: thumbnails from the uploads, click to enlarge. */
function ProviderDocuments({ provider }: { provider: ProviderView }) {
  return (
    <section aria-label="Documents" className="document-grid">
      <figure className="document-figure">
        <figcaption className="field__label">Business ID</figcaption>
        <UploadedImage id={provider.businessId} label="Business ID" emptyText="No Business ID image uploaded." />
      </figure>
      <figure className="document-figure">
        <figcaption className="field__label">Business License</figcaption>
        <UploadedImage id={provider.businessLicense} label="Business License" emptyText="No Business License image uploaded." />
      </figure>
    </section>
  );
}

/** Pending providers (isApproved unset) with a review dialog (details and documents) to approve or reject. */
export function ProviderApprovals() {
  const { toast } = useToast();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const { data, isLoading, isError, error, refetch, isFetching } = useListPendingProvidersQuery({ page, search });
  const providers = data?.items;
  // A new search starts again from its first page.
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);
  const [updateProvider, { isLoading: saving }] = useUpdateProviderMutation();
  const [reviewing, setReviewing] = useState<ProviderView | null>(null);

  const decide = async (provider: ProviderView, isApproved: boolean) => {
    try {
      await updateProvider({ id: provider.documentId, body: { data: { isApproved } } }).unwrap();
      toast({
        title: isApproved ? 'Provider Approved' : 'Provider Rejected',
        description: `${provider.businessName} has been ${isApproved ? 'approved' : 'rejected'}.`,
      });
      setReviewing(null);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to update the provider. Please try again.'), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="approvals-heading" className="stack">
      <div className="row row--between">
        <h2 id="approvals-heading">Pending Provider Applications</h2>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} busy={isFetching}>
          Refresh
        </Button>
      </div>
      <SearchBox label="Search applications" placeholder="Business, name, phone or e-mail" onSearch={onSearch} />
      {isLoading ? (
        <Spinner label="Loading pending providers..." />
      ) : isError ? (
        <ErrorState message={errorMessage(error, 'Could not load pending providers.')} onRetry={() => void refetch()} />
      ) : !providers || providers.length === 0 ? (
        <EmptyState>{search ? `No applications match “${search}”.` : 'No providers are waiting for approval.'}</EmptyState>
      ) : (
        <ul className="list">
          {providers.map((provider) => (
            <li key={provider.documentId} className="list__item">
              <div>
                <p className="list__title">{provider.businessName}</p>
                <p className="muted">
                  {provider.fullName ?? provider.user?.username ?? ''} · {provider.user?.email ?? provider.phone} · applied {formatDate(provider.createdAt)}
                </p>
              </div>
              <Button variant="outline" size="sm" onClick={() => setReviewing(provider)}>
                Review
              </Button>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager label="Application pages" page={data.page} pageCount={data.pageCount} total={data.total} busy={isFetching} onPage={setPage} />}
      <Dialog
        open={reviewing !== null}
        title="Review Provider"
        description={reviewing ? `Approve or reject the application of ${reviewing.businessName}.` : undefined}
        onClose={() => setReviewing(null)}
        footer={
          reviewing && (
            <>
              <Button variant="destructive" busy={saving} onClick={() => void decide(reviewing, false)}>
                Reject
              </Button>
              <Button busy={saving} onClick={() => void decide(reviewing, true)}>
                Approve
              </Button>
            </>
          )
        }
      >
        {reviewing && (
          <div className="stack">
            <ProviderDetails provider={reviewing} />
            <ProviderDocuments provider={reviewing} />
          </div>
        )}
      </Dialog>
    </section>
  );
}
