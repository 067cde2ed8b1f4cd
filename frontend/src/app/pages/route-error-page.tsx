import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorState } from '../../shared/ui/status';
import { useDocumentTitle } from '../../shared/use-document-title';

/** A route that threw, e.g. a page whose code still fails to load after the one automatic reload. */
export function RouteErrorPage() {
  useDocumentTitle('Page could not be loaded');
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  return (
    <div className="page page--center">
      <main id="main" className="container">
        <ErrorState
          title="This page could not be loaded"
          message="Check your connection and try again."
          onRetry={() => window.location.reload()}
        />
      </main>
    </div>
  );
}
