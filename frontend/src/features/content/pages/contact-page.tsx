import { PublicPage } from '../components/public-page';

/** /contact (content from the content service arrives with a later issue). */
export function ContactPage() {
  return <PublicPage title="Contact Us" />;
}
