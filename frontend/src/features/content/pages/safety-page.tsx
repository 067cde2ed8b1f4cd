import { PublicPage } from '../components/public-page';

/** /safety (content from the content service arrives with a later issue). */
export function SafetyPage() {
  return <PublicPage title="Safety" />;
}
