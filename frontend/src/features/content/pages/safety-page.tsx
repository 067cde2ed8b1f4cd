import { PublicPage } from '../components/public-page';
import { EMERGENCY_PHONE, SAFETY_EMAIL, telHref } from '../page-defaults';

const TIPS = [
  'Wait for your technician in a safe place, away from traffic, with your hazard lights on.',
  'Check that the provider name and vehicle match what the app shows before work starts.',
  'Share your live tracking with a friend when you are on the roadside at night.',
];

const POLICIES = [
  'Every provider is reviewed and approved before taking jobs.',
  'Ratings and reviews after each job keep quality high.',
  'Payments run through the app: no card details change hands on site.',
];

/** /safety: tips, policies, the emergency line and the safety email. */
export function SafetyPage() {
  return (
    <PublicPage title="Safety" description="Safety tips and policies for TireDash customers and providers, and how to reach us in an emergency.">
      <p className="lead">Your safety comes first, on the roadside and at home.</p>
      <section aria-labelledby="tips-heading" className="stack">
        <h2 id="tips-heading">Safety Tips</h2>
        <ul className="check-list">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="policies-heading" className="stack">
        <h2 id="policies-heading">Our Policies</h2>
        <ul className="check-list">
          {POLICIES.map((policy) => (
            <li key={policy}>{policy}</li>
          ))}
        </ul>
      </section>
      <p>
        In danger? Call your local emergency number first. Our emergency line: <a href={telHref(EMERGENCY_PHONE)}>{EMERGENCY_PHONE}</a>. Safety
        concerns: <a href={`mailto:${SAFETY_EMAIL}`}>{SAFETY_EMAIL}</a>.
      </p>
    </PublicPage>
  );
}
