import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
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
  useDocumentTitle('Sign In');
  const [params] = useSearchParams();
  const [tab, setTab] = useState<LoginTab>('customer');
  const adminMode = params.has('admin');

  return (
    <div className="page">
      <SiteHeader actions={<Link to="/">Back to Home</Link>} />
      <main id="main" className="container auth-layout">
        <h1 className="page__title">Welcome back</h1>
        {adminMode ? (
          <Card title="Admin Login" description="Sign in to the administration dashboard.">
            <LoginForm idPrefix="admin" submitLabel="Sign In as Admin" />
            <p className="auth-links">
              <Link to="/login">Customer or provider? Sign in here</Link>
            </p>
          </Card>
        ) : (
          <Card>
            <Tabs<LoginTab>
              label="Account type"
              value={tab}
              onChange={setTab}
              items={[
                {
                  id: 'customer',
                  label: 'Customer',
                  panel: (
                    <div className="stack">
                      <p className="muted">Sign in to request tire service and track your provider.</p>
                      <LoginForm idPrefix="customer" submitLabel="Sign In as Customer" />
                      <p className="auth-links">
                        New here? <Link to="/customer/register">Create a customer account</Link>
                      </p>
                    </div>
                  ),
                },
                {
                  id: 'provider',
                  label: 'Provider',
                  panel: (
                    <div className="stack">
                      <p className="muted">Sign in to see requests near you, bid and manage your jobs.</p>
                      <LoginForm idPrefix="provider" submitLabel="Sign In as Provider" />
                      <p className="auth-links">
                        Want to join? <Link to="/provider/register">Apply to become a provider</Link>
                      </p>
                    </div>
                  ),
                },
              ]}
            />
          </Card>
        )}
        <p className="auth-links">
          <Link to="/">Back to Home</Link>
          {!adminMode && (
            <>
              {' · '}
              <Link to="/login?admin" className="muted-link">
                Admin sign in
              </Link>
            </>
          )}
        </p>
      </main>
    </div>
  );
}
