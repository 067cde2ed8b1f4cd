import { formatMonth } from '../../../shared/format';
import { useMessages } from '../../../shared/i18n/i18n';
import { pressMessages } from '../../../shared/i18n/locales/en/content';
import { Trans } from '../../../shared/i18n/trans';
import { PublicPage } from '../components/public-page';
import { PRESS_EMAIL } from '../page-defaults';

/** /press: press kit, news and the media email. */
export function PressPage() {
  const t = useMessages(pressMessages);
  const news = [
    { month: '2024-03', title: t.providersTitle, body: t.providersBody },
    { month: '2024-01', title: t.emergencyTitle, body: t.emergencyBody },
    { month: '2023-10', title: t.trackingTitle, body: t.trackingBody },
  ];
  return (
    <PublicPage title={t.title} description={t.description}>
      <p className="lead">{t.lead}</p>
      <section aria-labelledby="kit-heading" className="stack">
        <h2 id="kit-heading">{t.kitHeading}</h2>
        <p>{t.kit}</p>
      </section>
      <section aria-labelledby="news-heading" className="stack">
        <h2 id="news-heading">{t.newsHeading}</h2>
        <ul className="list">
          {news.map((item) => (
            <li key={item.month} className="list__item">
              <div>
                <p className="muted">{formatMonth(item.month)}</p>
                <p className="list__title">{item.title}</p>
                <p>{item.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <p>
        <Trans text={t.media({ email: PRESS_EMAIL })} components={{ 1: <a href={`mailto:${PRESS_EMAIL}`} /> }} />
      </p>
    </PublicPage>
  );
}
