import type { ReactNode } from 'react';
import { OfflineBanner } from '../../shared/offline/offline-banner';
import { useDocumentTitle } from '../../shared/use-document-title';
import { SiteLogo } from '../../features/content/components/site-logo';
import { LanguageSwitch } from '../../shared/i18n/language-switch';

interface AreaShellProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** Frame of the signed-in areas (customer, provider, admin): logo, title, actions such as Logout. */
export function AreaShell({ title, subtitle, actions, children }: AreaShellProps) {
  useDocumentTitle(title);
  return (
    <div className="page area">
      <OfflineBanner />
      <header className="site-header">
        <div className="container site-header__inner">
          <SiteLogo />
          <div className="site-header__actions">
            <LanguageSwitch />
            {actions}
          </div>
        </div>
      </header>
      <main id="main" className="container area__main">
        <div className="area__heading">
          <h1 className="page__title">{title}</h1>
          {subtitle && <p className="lead">{subtitle}</p>}
        </div>
        {children}
      </main>
    </div>
  );
}
