import { MapPinIcon } from '../../../shared/ui/icons';
import { useGetContactQuery } from '../api';
import { PublicPage } from '../components/public-page';
import { resolveContact, telHref } from '../page-defaults';

/** /contact: email and phone links, the address and a map area. */
export function ContactPage() {
  const { data, isLoading } = useGetContactQuery();
  const contact = resolveContact(data);
  return (
    <PublicPage title="Contact Us" description="Get in touch with TireDash by email or phone, or visit our office." loading={isLoading}>
      <p className="lead">Questions about a booking, becoming a provider or anything else? We are here to help.</p>
      <div className="contact-grid">
        <dl className="detail-list">
          <div className="detail-list__row">
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </div>
          <div className="detail-list__row">
            <dt>Phone</dt>
            <dd>
              <a href={telHref(contact.phone)}>{contact.phone}</a>
            </dd>
          </div>
          <div className="detail-list__row">
            <dt>Address</dt>
            <dd>
              <address>{contact.address}</address>
            </dd>
          </div>
        </dl>
        <div className="map-placeholder" role="img" aria-label={`Map showing ${contact.address}`}>
          <MapPinIcon className="map-placeholder__icon" />
          <span>{contact.address}</span>
        </div>
      </div>
    </PublicPage>
  );
}
