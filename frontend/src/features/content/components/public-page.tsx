import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useMessages } from '../../../shared/i18n/i18n';
import { publicPageMessages } from '../../../shared/i18n/locales/en/content';
import { Spinner } from '../../../shared/ui/status';
import { usePageMeta } from '../use-page-meta';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

interface PublicPageProps {
  /** The browser title. */
  title: string;
  /** The meta description. */
  description: string;
  /** The page's h1 (defaults to the title). */
  heading?: string;
  /** While true the page shows 'Loading...' instead of its content. */
  loading?: boolean;
  children?: ReactNode;
}

/** Frame of the public content pages: header with Sign In, the page heading, a back link and the footer. */
export function PublicPage({ title, description, heading, loading = false, children }: PublicPageProps) {
  usePageMeta(title, description);
  const t = useMessages(publicPageMessages);
  return (
    <div className="page">
      <SiteHeader />
      <main id="main" className="container page__main">
        <Link to="/" className="back-link">
          ← {t.backHome}
        </Link>
        {loading ? (
          <>
            <h1 className="page__title">{title}</h1>
            <Spinner />
          </>
        ) : (
          <>
            <h1 className="page__title">{heading ?? title}</h1>
            {children}
          </>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

/** HTML from the content endpoints (sanitised by the server on save: no scripts, no event handlers). */
export function ServerHtml({ html, className }: { html: string; className?: string }) {
  return <div className={['prose', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: html }} />;
}
