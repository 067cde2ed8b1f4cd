import { PublicPage } from '../components/public-page';

/** /terms-of-service (content from the content service arrives with a later issue). */
export function TermsOfServicePage() {
  return <PublicPage title="Terms of Service" />;
}
