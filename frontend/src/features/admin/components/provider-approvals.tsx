import { useCallback, useState } from 'react';
import type { ProviderView } from '@tiredash/contracts';
import { errorMessage } from '../../../shared/api/api-error';
import { formatDate, formatMoney } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { adminApprovalsMessages } from '../../../shared/i18n/locales/en/admin';
import { providerServicesMessages } from '../../../shared/i18n/locales/en/provider';
import { labelOf } from '../../tracking/tracking-labels';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { EmptyState, ErrorState, Spinner } from '../../../shared/ui/status';
import { UploadedImage } from '../../../shared/upload/image-thumbnail';
import { useListPendingProvidersQuery, useUpdateProviderMutation } from '../../provider/api';
import { Pager, SearchBox } from '../../../shared/ui/list-controls';

function ProviderDetails({ provider }: { provider: ProviderView }) {
  const t = useMessages(adminApprovalsMessages);
  const services = useMessages(providerServicesMessages);
  const rows: Array<[string, string]> = [
    [t.businessName, provider.businessName],
    [t.fullName, provider.fullName ?? '—'],
    [t.email, provider.user?.email ?? '—'],
    [t.phone, provider.phone],
    [t.yearsExperience, String(provider.yearsExperience)],
    [t.hourlyRate, formatMoney(provider.hourlyRate)],
    [t.serviceRadius, t.radiusMiles({ radius: provider.serviceArea.radius })],
    [t.services, provider.service_types.map((s) => labelOf(services, s)).join(', ') || '—'],
    [t.vehicleDetails, provider.vehicleSpecs ?? '—'],
    [t.applied, formatDate(provider.createdAt)],
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
  const t = useMessages(adminApprovalsMessages);
  return (
    <section aria-label={t.documents} className="document-grid">
      <figure className="document-figure">
        <figcaption className="field__label">{t.businessId}</figcaption>
        <UploadedImage id={provider.businessId} label={t.businessId} emptyText={t.noBusinessId} />
      </figure>
      <figure className="document-figure">
        <figcaption className="field__label">{t.businessLicense}</figcaption>
        <UploadedImage id={provider.businessLicense} label={t.businessLicense} emptyText={t.noBusinessLicense} />
      </figure>
    </section>
  );
}

/** Pending providers (isApproved unset) with a review dialog (details and documents) to approve or reject. */
export function ProviderApprovals() {
  const { toast } = useToast();
  const t = useMessages(adminApprovalsMessages);
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
      const text = adminApprovalsMessages.get();
      toast({
        title: isApproved ? text.approvedTitle : text.rejectedTitle,
        description: isApproved ? text.approved({ name: provider.businessName }) : text.rejected({ name: provider.businessName }),
      });
      setReviewing(null);
    } catch (err) {
      const text = adminApprovalsMessages.get();
      toast({ title: text.errorTitle, description: errorMessage(err, text.failed), variant: 'destructive' });
    }
  };

  return (
    <section aria-labelledby="approvals-heading" className="stack">
      <div className="row row--between">
        <h2 id="approvals-heading">{t.title}</h2>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} busy={isFetching}>
          {t.refresh}
        </Button>
      </div>
      <SearchBox label={t.search} placeholder={t.searchPlaceholder} onSearch={onSearch} />
      {isLoading ? (
        <Spinner label={t.loading} />
      ) : isError ? (
        <ErrorState message={errorMessage(error, t.loadFailed)} onRetry={() => void refetch()} />
      ) : !providers || providers.length === 0 ? (
        <EmptyState>{search ? t.noMatch({ search }) : t.empty}</EmptyState>
      ) : (
        <ul className="list">
          {providers.map((provider) => (
            <li key={provider.documentId} className="list__item">
              <div>
                <p className="list__title">{provider.businessName}</p>
                <p className="muted">
                  {provider.fullName ?? provider.user?.username ?? ''} · {provider.user?.email ?? provider.phone} · {t.appliedOn({ date: formatDate(provider.createdAt) })}
                </p>
              </div>
              <Button variant="outline" size="sm" onClick={() => setReviewing(provider)}>
                {t.review}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager label={t.pages} page={data.page} pageCount={data.pageCount} total={data.total} busy={isFetching} onPage={setPage} />}
      <Dialog
        open={reviewing !== null}
        title={t.dialogTitle}
        description={reviewing ? t.dialogDescription({ name: reviewing.businessName }) : undefined}
        onClose={() => setReviewing(null)}
        footer={
          reviewing && (
            <>
              <Button variant="destructive" busy={saving} onClick={() => void decide(reviewing, false)}>
                {t.reject}
              </Button>
              <Button busy={saving} onClick={() => void decide(reviewing, true)}>
                {t.approve}
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
