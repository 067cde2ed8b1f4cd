import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorState } from '../../shared/ui/status';
import { useMessages } from '../../shared/i18n/i18n';
import { routeErrorMessages } from '../../shared/i18n/locales/en/common';
import { useDocumentTitle } from '../../shared/use-document-title';

/** A route that threw, e.g. a page whose code still fails to load after the one automatic reload. */
export function RouteErrorPage() {
  const t = useMessages(routeErrorMessages);
  useDocumentTitle(t.documentTitle);
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  return (
    <div className="page page--center">
      <main id="main" className="container">
        <ErrorState
          title={t.title}
          message={t.message}
          onRetry={() => window.location.reload()}
        />
      </main>
    </div>
  );
}
