import { useGetPrivacyQuery } from '../api';
import { PublicPage, ServerHtml } from '../components/public-page';
import { resolvePrivacy } from '../page-defaults';

/** /privacy-policy: HTML from GET /api/privacy-policy, built-in text when empty. */
export function PrivacyPolicyPage() {
  const { data, isLoading } = useGetPrivacyQuery();
  return (
    <PublicPage title="Privacy Policy" description="How TireDash collects, uses and protects your personal information." loading={isLoading}>
      <ServerHtml html={resolvePrivacy(data)} />
    </PublicPage>
  );
}
