import { useMessages } from '../../../shared/i18n/i18n';
import { pageDefaultsMessages, pagesMessages } from '../../../shared/i18n/locales/en/content';
import { Trans } from '../../../shared/i18n/trans';
import { useGetCareersQuery } from '../api';
import { PublicPage } from '../components/public-page';
import { builtInCareers, CAREERS_EMAIL, resolveCareers } from '../page-defaults';

/** /careers: intro, open positions (the server's when it lists any, else the built-in three), an email for other roles. */
export function CareersPage() {
  const { data, isLoading } = useGetCareersQuery();
  const careers = resolveCareers(data, builtInCareers(useMessages(pageDefaultsMessages)));
  const t = useMessages(pagesMessages);
  return (
    <PublicPage title={t.careersTitle} description={t.careersDescription} loading={isLoading}>
      <p className="lead">{careers.introText}</p>
      <section aria-labelledby="positions-heading" className="stack">
        <h2 id="positions-heading">{t.openPositions}</h2>
        <ul className="list">
          {careers.positions.map((position, index) => (
            <li key={`${position.title}-${index}`} className="list__item">
              <div>
                <p className="list__title">{position.title}</p>
                <p className="muted">{position.location}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <p>
        <Trans text={t.otherRoles({ email: CAREERS_EMAIL })} components={{ 1: <a href={`mailto:${CAREERS_EMAIL}`} /> }} />
      </p>
    </PublicPage>
  );
}
