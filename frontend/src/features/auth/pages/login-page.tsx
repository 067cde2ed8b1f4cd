import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useMessages } from '../../../shared/i18n/i18n';
import { loginMessages } from '../../../shared/i18n/locales/en/auth';
import { Card } from '../../../shared/ui/card';
import { Tabs } from '../../../shared/ui/tabs';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { SiteHeader } from '../../content/components/site-header';
import { LoginForm } from '../components/login-form';

type LoginTab = 'customer' | 'provider';

/**
 * /login: Customer and Provider tabs; the Admin card has no tab trigger and is reached through
 * the small 'Admin sign in' link (or /login?admin).
 */
export function LoginPage() {
  const t = useMessages(loginMessages);
  useDocumentTitle(t.documentTitle);
  const [params] = useSearchParams();
  const [tab, setTab] = useState<LoginTab>('customer');
  const adminMode = params.has('admin');

  return (
    <div className="page">
      <SiteHeader actions={<Link to="/">{t.backHome}</Link>} />
      <main id="main" className="container auth-layout">
        <h1 className="page__title">{t.heading}</h1>
        {adminMode ? (
          <Card title={t.adminTitle} description={t.adminDescription}>
            <LoginForm idPrefix="admin" submitLabel={t.adminSubmit} />
            <p className="auth-links">
              <Link to="/login">{t.notAdmin}</Link>
            </p>
          </Card>
        ) : (
          <Card>
            <Tabs<LoginTab>
              label={t.accountType}
              value={tab}
              onChange={setTab}
              items={[
                {
                  id: 'customer',
                  label: t.customerTab,
                  panel: (
                    <div className="stack">
                      <p className="muted">{t.customerIntro}</p>
                      <LoginForm idPrefix="customer" submitLabel={t.customerSubmit} />
                      <p className="auth-links">
                        {t.newHere} <Link to="/customer/register">{t.createCustomer}</Link>
                      </p>
                    </div>
                  ),
                },
                {
                  id: 'provider',
                  label: t.providerTab,
                  panel: (
                    <div className="stack">
                      <p className="muted">{t.providerIntro}</p>
                      <LoginForm idPrefix="provider" submitLabel={t.providerSubmit} />
                      <p className="auth-links">
                        {t.wantToJoin} <Link to="/provider/register">{t.applyProvider}</Link>
                      </p>
                    </div>
                  ),
                },
              ]}
            />
          </Card>
        )}
        <p className="auth-links">
          <Link to="/">{t.backHome}</Link>
          {!adminMode && (
            <>
              {' · '}
              <Link to="/login?admin" className="muted-link">
                {t.adminSignIn}
              </Link>
            </>
          )}
        </p>
      </main>
    </div>
  );
}
