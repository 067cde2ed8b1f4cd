import { ButtonLink } from '../../../shared/ui/button';
import { SERVICE_PAGES, type ServiceSlug } from '../service-pages';
import { PublicPage } from './public-page';

export function ServicePage({ slug }: { slug: ServiceSlug }) {
  const page = SERVICE_PAGES[slug];
  return (
    <PublicPage title={page.title} description={page.description}>
      <p className="lead">{page.description}</p>
      <section aria-labelledby="why-heading" className="stack">
        <h2 id="why-heading">Why Choose Us?</h2>
        <ul className="check-list">
          {page.whyChooseUs.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>
      <ButtonLink to="/customer/register" size="lg">
        Book {page.title}
      </ButtonLink>
    </PublicPage>
  );
}
