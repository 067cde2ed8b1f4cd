import { ButtonLink } from '../../../shared/ui/button';
import { ClockIcon, MapPinIcon, ShieldIcon } from '../../../shared/ui/icons';
import { Spinner } from '../../../shared/ui/status';
import { useGetHomeQuery } from '../api';
import { ServiceIcon } from '../components/service-icon';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { DEFAULT_HOME_CONTENT } from '../home-content';
import { usePageMeta } from '../use-page-meta';

const CLAIMS = [
  { value: '24/7', label: 'Emergency Service', Icon: ShieldIcon },
  { value: '15min', label: 'Average Response', Icon: ClockIcon },
  { value: '500+', label: 'Certified Providers', Icon: MapPinIcon },
];

const STEPS = [
  { title: 'Request Service', body: 'Tell us what your tires need, where you are and your budget.' },
  { title: 'Get Quotes', body: 'Nearby certified providers send you live bids. Pick the one that suits you.' },
  { title: 'Track & Pay', body: 'Follow your provider on the map, then pay in cash or by card when the job is done.' },
];

/** The landing page (/). */
export function HomePage() {
  usePageMeta(
    'On-site tire service',
    'Book certified mobile tire technicians who come to you: live quotes from nearby providers, real-time tracking and easy payment. 24/7 emergency service.',
  );
  const { data, isError } = useGetHomeQuery();
  const content = data ?? (isError ? DEFAULT_HOME_CONTENT : null);

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
                  On-site tire service
                </h1>
                <Spinner />
              </>
            )}
            <div className="hero__actions">
              <ButtonLink to="/customer/register" size="lg">
                Book Tire Service
              </ButtonLink>
              <ButtonLink to="/provider/register" size="lg" variant="secondary">
                Become a Provider
              </ButtonLink>
            </div>
          </div>
        </section>

        <section className="claims" aria-label="Why TireDash">
          <ul className="container claims__list">
            {CLAIMS.map(({ value, label, Icon }) => (
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
              Our Services
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
                    {card.price && <p className="service-card__price">From ${card.price}</p>}
                  </li>
                ))}
              </ul>
            ) : (
              <Spinner label="Loading services..." />
            )}
          </div>
        </section>

        <section className="section section--muted" aria-labelledby="how-heading">
          <div className="container">
            <h2 id="how-heading" className="section__title">
              How It Works
            </h2>
            <ol className="steps">
              {STEPS.map((step, index) => (
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
              Ready to get back on the road?
            </h2>
            <p className="cta__body">Book a certified technician now, or join our network of tire professionals.</p>
            <div className="hero__actions">
              <ButtonLink to="/customer/register" size="lg">
                Book Tire Service
              </ButtonLink>
              <ButtonLink to="/provider/register" size="lg" variant="outline">
                Become a Provider
              </ButtonLink>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
