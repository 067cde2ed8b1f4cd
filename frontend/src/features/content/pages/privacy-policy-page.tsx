import { useMessages } from '../../../shared/i18n/i18n';
import { pageDefaultsMessages, pagesMessages } from '../../../shared/i18n/locales/en/content';
import { useGetPrivacyQuery } from '../api';
import { PublicPage, ServerHtml } from '../components/public-page';
import { builtInPrivacyHtml, resolvePrivacy } from '../page-defaults';

/** /privacy-policy: HTML from GET /api/privacy-policy, built-in text when empty. */
export function PrivacyPolicyPage() {
  const { data, isLoading } = useGetPrivacyQuery();
  const t = useMessages(pagesMessages);
  const builtIn = builtInPrivacyHtml(useMessages(pageDefaultsMessages));
  return (
    <PublicPage title={t.privacyTitle} description={t.privacyDescription} loading={isLoading}>
      <ServerHtml html={resolvePrivacy(data, builtIn)} />
    </PublicPage>
  );
}
