import { useMessages } from '../../../shared/i18n/i18n';
import { homeDefaultsMessages, homeMessages } from '../../../shared/i18n/locales/en/content';
import { ButtonLink } from '../../../shared/ui/button';
import { ClockIcon, MapPinIcon, ShieldIcon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/status';
import { useGetHomeQuery } from '../api';
import { ServiceIcon } from '../components/service-icon';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { DEFAULT_HOME_CONTENT, localizeDefaults } from '../home-content';
import { usePageMeta } from '../use-page-meta';

/** The landing page (/). */
export function HomePage() {
  const t = useMessages(homeMessages);
  const defaults = useMessages(homeDefaultsMessages);
  usePageMeta(t.metaTitle, t.metaDescription);
  const { data, isError } = useGetHomeQuery();
  const stored = data ?? (isError ? DEFAULT_HOME_CONTENT : null);
  // The built-in texts shown when the CMS has none are ours, in the reader's language; the admin's are shown as written.
  const content = stored && localizeDefaults(stored, defaults);
  const claims = [
    { value: '24/7', label: t.claimEmergency, Icon: ShieldIcon },
    { value: '15min', label: t.claimResponse, Icon: ClockIcon },
    { value: '500+', label: t.claimProviders, Icon: MapPinIcon },
  ];
  const steps = [
    { title: t.step1Title, body: t.step1Body },
    { title: t.step2Title, body: t.step2Body },
    { title: t.step3Title, body: t.step3Body },
  ];

  return (
    <div className="page landing">
      <SiteHeader />
      <main id="main">
        <section className="hero" aria-labelledby="hero-heading">
          <div className="container hero__inner">
            {content ? (
              <>
                <h1 id="hero-heading" className="hero__heading">
                  <span className="hero__line">{content.heroHeading1}</span>
                  <span className="hero__line hero__line--accent">{content.heroHeading2}</span>
                </h1>
                <p className="hero__paragraph">{content.heroParagraph}</p>
              </>
            ) : (
              <>
                <h1 id="hero-heading" className="visually-hidden">
                  {t.fallbackHeading}
                </h1>
                <Spinner />
              </>
            )}
            <div className="hero__actions">
              <ButtonLink to="/customer/register" size="lg">
                {t.bookService}
              </ButtonLink>
              <ButtonLink to="/provider/register" size="lg" variant="secondary">
                {t.becomeProvider}
              </ButtonLink>
            </div>
          </div>
        </section>

        <section className="claims" aria-label={t.claimsLabel}>
          <ul className="container claims__list">
            {claims.map(({ value, label, Icon }) => (
              <li key={label} className="claim">
                <Icon className="claim__icon" />
                <span className="claim__value">{value}</span>
                <span className="claim__label">{label}</span>
              </li>
            ))}
          </ul>
        </section>

        <section className="section" aria-labelledby="services-heading">
          <div className="container">
            <h2 id="services-heading" className="section__title">
              {t.ourServices}
            </h2>
            {content ? (
              <ul className="service-grid">
                {content.cards.map((card, index) => (
                  <li key={`${card.title}-${index}`} className="service-card">
                    <span className="service-card__icon">
                      <ServiceIcon icon={card.icon} />
                    </span>
                    <h3 className="service-card__title">{card.title}</h3>
                    <p className="service-card__body">{card.body}</p>
                    {card.price && <p className="service-card__price">{t.priceFrom({ price: card.price })}</p>}
                  </li>
                ))}
              </ul>
            ) : (
              <Spinner label={t.loadingServices} />
            )}
          </div>
        </section>

        <section className="section section--muted" aria-labelledby="how-heading">
          <div className="container">
            <h2 id="how-heading" className="section__title">
              {t.howItWorks}
            </h2>
            <ol className="steps">
              {steps.map((step, index) => (
                <li key={step.title} className="step">
                  <span className="step__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3 className="step__title">{step.title}</h3>
                  <p className="step__body">{step.body}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section className="cta" aria-labelledby="cta-heading">
          <div className="container cta__inner">
            <h2 id="cta-heading" className="cta__title">
              {t.ctaTitle}
            </h2>
            <p className="cta__body">{t.ctaBody}</p>
            <div className="hero__actions">
              <ButtonLink to="/customer/register" size="lg">
                {t.bookService}
              </ButtonLink>
              <ButtonLink to="/provider/register" size="lg" variant="outline">
                {t.becomeProvider}
              </ButtonLink>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
