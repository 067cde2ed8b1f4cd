import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Frame of the public content pages: header with Sign In, the page title, a back link and the footer. */
export function PublicPage({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <SiteHeader />
      <main id="main" className="container page__main">
        <Link to="/" className="back-link">
          ← Back to Home
        </Link>
        <h1 className="page__title">{title}</h1>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
