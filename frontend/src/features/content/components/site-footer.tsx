import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@tiredash/contracts';

const SERVICE_LINKS = [
  { to: '/services/tire-repair', label: 'Tire Repair' },
  { to: '/services/tire-replacement', label: 'Tire Replacement' },
  { to: '/services/wheel-balancing', label: 'Wheel Balancing' },
  { to: '/services/emergency', label: 'Emergency Service' },
];

const COMPANY_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact' },
  { to: '/careers', label: 'Careers' },
  { to: '/press', label: 'Press' },
];

const SUPPORT_LINKS = [
  { to: '/help-center', label: 'Help Center' },
  { to: '/safety', label: 'Safety' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];

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
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__column">
          <p className="site-footer__brand">{PRODUCT_NAME}</p>
          <p className="site-footer__tagline">On-site tire and wheel service, on demand.</p>
        </div>
        <LinkColumn title="Services" links={SERVICE_LINKS} />
        <LinkColumn title="Company" links={COMPANY_LINKS} />
        <LinkColumn title="Support" links={SUPPORT_LINKS} />
      </div>
      <p className="container site-footer__copyright">© 2024 {PRODUCT_NAME}. All rights reserved.</p>
    </footer>
  );
}
