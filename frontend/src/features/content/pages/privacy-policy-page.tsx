import { useMessages } from '../../../shared/i18n/i18n';
import { pagesMessages } from '../../../shared/i18n/locales/en/content';
import { useGetPrivacyQuery } from '../api';
import { PublicPage, ServerHtml } from '../components/public-page';
import { resolvePrivacy } from '../page-defaults';

/** /privacy-policy: HTML from GET /api/privacy-policy, built-in text when empty. */
export function PrivacyPolicyPage() {
  const { data, isLoading } = useGetPrivacyQuery();
  const t = useMessages(pagesMessages);
  return (
    <PublicPage title={t.privacyTitle} description={t.privacyDescription} loading={isLoading}>
      <ServerHtml html={resolvePrivacy(data)} />
    </PublicPage>
  );
}
