import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@tiredash/contracts';
import { useMessages } from '../../../shared/i18n/i18n';
import { footerMessages } from '../../../shared/i18n/locales/en/content';

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav className="site-footer__column" aria-label={title}>
      <h2 className="site-footer__heading">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const t = useMessages(footerMessages);
  const serviceLinks = [
    { to: '/services/tire-repair', label: t.tireRepair },
    { to: '/services/tire-replacement', label: t.tireReplacement },
    { to: '/services/wheel-balancing', label: t.wheelBalancing },
    { to: '/services/emergency', label: t.emergency },
  ];
  const companyLinks = [
    { to: '/about', label: t.about },
    { to: '/contact', label: t.contact },
    { to: '/careers', label: t.careers },
    { to: '/press', label: t.press },
  ];
  const supportLinks = [
    { to: '/help-center', label: t.helpCenter },
    { to: '/safety', label: t.safety },
    { to: '/privacy-policy', label: t.privacy },
    { to: '/terms-of-service', label: t.terms },
  ];
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__column">
          <p className="site-footer__brand">{PRODUCT_NAME}</p>
          <p className="site-footer__tagline">{t.tagline}</p>
        </div>
        <LinkColumn title={t.services} links={serviceLinks} />
        <LinkColumn title={t.company} links={companyLinks} />
        <LinkColumn title={t.support} links={supportLinks} />
      </div>
      <p className="container site-footer__copyright">{t.copyright({ product: PRODUCT_NAME })}</p>
    </footer>
  );
}
