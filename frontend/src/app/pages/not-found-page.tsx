import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/use-document-title';

/** Any path outside the route table. The unknown path is logged. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
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
        <h1 className="page__title">Oops! Page not found</h1>
        <Link to="/" className="btn btn--primary btn--md">
          Return to Home
        </Link>
      </main>
    </div>
  );
}
