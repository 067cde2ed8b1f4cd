import { useGetTermsQuery } from '../api';
import { PublicPage, ServerHtml } from '../components/public-page';
import { resolveTerms } from '../page-defaults';

/** /terms-of-service: HTML from GET /api/terms-of-service, built-in text when empty. */
export function TermsOfServicePage() {
  const { data, isLoading } = useGetTermsQuery();
  return (
    <PublicPage title="Terms of Service" description="The terms for using the TireDash marketplace as a customer or provider." loading={isLoading}>
      <ServerHtml html={resolveTerms(data)} />
    </PublicPage>
  );
}
