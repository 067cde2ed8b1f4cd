import { PublicPage } from '../components/public-page';

/** /press (content from the content service arrives with a later issue). */
export function PressPage() {
  return <PublicPage title="Press" />;
}
