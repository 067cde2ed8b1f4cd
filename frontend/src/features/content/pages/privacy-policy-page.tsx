import { PublicPage } from '../components/public-page';

/** /privacy-policy (content from the content service arrives with a later issue). */
export function PrivacyPolicyPage() {
  return <PublicPage title="Privacy Policy" />;
}
