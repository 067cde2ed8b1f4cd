import { useMessages } from '../../../shared/i18n/i18n';
import { safetyMessages } from '../../../shared/i18n/locales/en/content';
import { Trans } from '../../../shared/i18n/trans';
import { PublicPage } from '../components/public-page';
import { EMERGENCY_PHONE, SAFETY_EMAIL, telHref } from '../page-defaults';

/** /safety: tips, policies, the emergency line and the safety email. */
export function SafetyPage() {
  const t = useMessages(safetyMessages);
  const tips = [t.tip1, t.tip2, t.tip3];
  const policies = [t.policy1, t.policy2, t.policy3];
  return (
    <PublicPage title={t.title} description={t.description}>
      <p className="lead">{t.lead}</p>
      <section aria-labelledby="tips-heading" className="stack">
        <h2 id="tips-heading">{t.tipsHeading}</h2>
        <ul className="check-list">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="policies-heading" className="stack">
        <h2 id="policies-heading">{t.policiesHeading}</h2>
        <ul className="check-list">
          {policies.map((policy) => (
            <li key={policy}>{policy}</li>
          ))}
        </ul>
      </section>
      <p>
        <Trans
          text={t.contact({ phone: EMERGENCY_PHONE, email: SAFETY_EMAIL })}
          components={{ 1: <a href={telHref(EMERGENCY_PHONE)} />, 2: <a href={`mailto:${SAFETY_EMAIL}`} /> }}
        />
      </p>
    </PublicPage>
  );
}
