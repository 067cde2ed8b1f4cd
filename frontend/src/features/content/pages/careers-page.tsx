import { useGetCareersQuery } from '../api';
import { PublicPage } from '../components/public-page';
import { CAREERS_EMAIL, resolveCareers } from '../page-defaults';

/** /careers: intro, open positions (the server's when it lists any, else the built-in three), an email for other roles. */
export function CareersPage() {
  const { data, isLoading } = useGetCareersQuery();
  const careers = resolveCareers(data);
  return (
    <PublicPage title="Careers" description="Join the TireDash team: open positions and how to apply." loading={isLoading}>
      <p className="lead">{careers.introText}</p>
      <section aria-labelledby="positions-heading" className="stack">
        <h2 id="positions-heading">Open Positions</h2>
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
        Don&apos;t see a role that fits? Send your résumé to <a href={`mailto:${CAREERS_EMAIL}`}>{CAREERS_EMAIL}</a>.
      </p>
    </PublicPage>
  );
}
