import { useMessages } from '../../../shared/i18n/i18n';
import { pagesMessages, servicePagesMessages } from '../../../shared/i18n/locales/en/content';
import { ButtonLink } from '../../../shared/ui/button';
import { servicePageContent, type ServiceSlug } from '../service-pages';
import { PublicPage } from './public-page';

export function ServicePage({ slug }: { slug: ServiceSlug }) {
  const page = servicePageContent(slug, useMessages(servicePagesMessages));
  const t = useMessages(pagesMessages);
  return (
    <PublicPage title={page.title} description={page.description}>
      <p className="lead">{page.description}</p>
      <section aria-labelledby="why-heading" className="stack">
        <h2 id="why-heading">{t.whyChooseUs}</h2>
        <ul className="check-list">
          {page.whyChooseUs.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>
      <ButtonLink to="/customer/register" size="lg">
        {t.book({ service: page.title })}
      </ButtonLink>
    </PublicPage>
  );
}
