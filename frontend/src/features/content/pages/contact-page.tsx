import { useMessages } from '../../../shared/i18n/i18n';
import { pagesMessages } from '../../../shared/i18n/locales/en/content';
import { MapPinIcon } from '../../../shared/ui/icons';
import { useGetContactQuery } from '../api';
import { PublicPage } from '../components/public-page';
import { resolveContact, telHref } from '../page-defaults';

/** /contact: email and phone links, the address and a map area. */
export function ContactPage() {
  const { data, isLoading } = useGetContactQuery();
  const contact = resolveContact(data);
  const t = useMessages(pagesMessages);
  return (
    <PublicPage title={t.contactTitle} description={t.contactDescription} loading={isLoading}>
      <p className="lead">{t.contactLead}</p>
      <div className="contact-grid">
        <dl className="detail-list">
          <div className="detail-list__row">
            <dt>{t.email}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </div>
          <div className="detail-list__row">
            <dt>{t.phone}</dt>
            <dd>
              <a href={telHref(contact.phone)}>{contact.phone}</a>
            </dd>
          </div>
          <div className="detail-list__row">
            <dt>{t.address}</dt>
            <dd>
              <address>{contact.address}</address>
            </dd>
          </div>
        </dl>
        <div className="map-placeholder" role="img" aria-label={t.mapShowing({ address: contact.address })}>
          <MapPinIcon className="map-placeholder__icon" />
          <span>{contact.address}</span>
        </div>
      </div>
    </PublicPage>
  );
}
