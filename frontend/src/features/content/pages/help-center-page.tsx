import { PublicPage } from '../components/public-page';

/** /help-center (content from the content service arrives with a later issue). */
export function HelpCenterPage() {
  return <PublicPage title="Help Center" />;
}
