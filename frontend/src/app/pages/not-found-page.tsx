import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useMessages } from '../../shared/i18n/i18n';
import { notFoundMessages } from '../../shared/i18n/locales/en/common';
import { useDocumentTitle } from '../../shared/use-document-title';

/** Any path outside the route table. The unknown path is logged. */
export function NotFoundPage() {
  const t = useMessages(notFoundMessages);
  useDocumentTitle(t.documentTitle);
  const { pathname } = useLocation();

  useEffect(() => {
    console.warn(`404: no route matches ${pathname}`);
  }, [pathname]);

  return (
    <div className="page">
      <main id="main" className="container not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="page__title">{t.heading}</h1>
        <Link to="/" className="btn btn--primary btn--md">
          {t.home}
        </Link>
      </main>
    </div>
  );
}
