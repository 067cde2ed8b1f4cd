import { PublicPage } from '../components/public-page';
import { PRESS_EMAIL } from '../page-defaults';

const NEWS = [
  { date: 'March 2024', title: 'TireDash passes 500 certified providers', body: 'Our network of mobile tire businesses keeps growing, cutting average response times to 15 minutes.' },
  { date: 'January 2024', title: 'Round-the-clock emergency service', body: 'Drivers can now request roadside tire help 24/7 from the nearest available provider.' },
  { date: 'October 2023', title: 'Live tracking and in-app payments', body: 'Customers follow their technician on the map and pay by card or cash when the job is done.' },
];

/** /press: press kit, news and the media email. */
export function PressPage() {
  return (
    <PublicPage title="Press" description="TireDash news, press kit and media contact.">
      <p className="lead">News and resources for journalists covering on-demand tire service.</p>
      <section aria-labelledby="kit-heading" className="stack">
        <h2 id="kit-heading">Press Kit</h2>
        <p>Our press kit includes the TireDash logo, product screenshots, founder bios and key figures: 24/7 emergency service, a 15 minute average response and more than 500 certified providers.</p>
      </section>
      <section aria-labelledby="news-heading" className="stack">
        <h2 id="news-heading">Latest News</h2>
        <ul className="list">
          {NEWS.map((item) => (
            <li key={item.title} className="list__item">
              <div>
                <p className="muted">{item.date}</p>
                <p className="list__title">{item.title}</p>
                <p>{item.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <p>
        Media enquiries: <a href={`mailto:${PRESS_EMAIL}`}>{PRESS_EMAIL}</a>
      </p>
    </PublicPage>
  );
}
