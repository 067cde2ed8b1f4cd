import { PublicPage } from '../components/public-page';

/** /about (content from the content service arrives with a later issue). */
export function AboutPage() {
  return <PublicPage title="About Us" />;
}
