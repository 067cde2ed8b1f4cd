import type { ReactNode } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { headerMessages } from '../../../shared/i18n/locales/en/common';
import { ButtonLink } from '../../../shared/ui/button';
import { LanguageSwitch } from '../../../shared/i18n/language-switch';
import { SiteLogo } from './site-logo';

export function SiteHeader({ actions }: { actions?: ReactNode }) {
  const t = useMessages(headerMessages);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <SiteLogo />
        <LanguageSwitch />
        <nav className="site-header__actions" aria-label={t.account}>
          {actions ?? (
            <ButtonLink to="/login" variant="outline">
              {t.signIn}
            </ButtonLink>
          )}
        </nav>
      </div>
    </header>
  );
}
