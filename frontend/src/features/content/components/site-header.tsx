import type { ReactNode } from 'react';
import { ButtonLink } from '../../../shared/ui/button';
import { LanguageSwitch } from '../../../shared/i18n/language-switch';
import { SiteLogo } from './site-logo';

export function SiteHeader({ actions }: { actions?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <SiteLogo />
        <LanguageSwitch />
        <nav className="site-header__actions" aria-label="Account">
          {actions ?? (
            <ButtonLink to="/login" variant="outline">
              Sign In
            </ButtonLink>
          )}
        </nav>
      </div>
    </header>
  );
}
