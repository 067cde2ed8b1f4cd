import { PublicPage } from '../components/public-page';

/** /careers (content from the content service arrives with a later issue). */
export function CareersPage() {
  return <PublicPage title="Careers" />;
}
