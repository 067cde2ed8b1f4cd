import { useMessages } from '../../../shared/i18n/i18n';
import { pageDefaultsMessages, pagesMessages } from '../../../shared/i18n/locales/en/content';
import { useGetTermsQuery } from '../api';
import { PublicPage, ServerHtml } from '../components/public-page';
import { builtInTermsHtml, resolveTerms } from '../page-defaults';

/** /terms-of-service: HTML from GET /api/terms-of-service, built-in text when empty. */
export function TermsOfServicePage() {
  const { data, isLoading } = useGetTermsQuery();
  const t = useMessages(pagesMessages);
  const builtIn = builtInTermsHtml(useMessages(pageDefaultsMessages));
  return (
    <PublicPage title={t.termsTitle} description={t.termsDescription} loading={isLoading}>
      <ServerHtml html={resolveTerms(data, builtIn)} />
    </PublicPage>
  );
}
