import { Link } from 'react-router-dom';
import { useMessages } from '../../shared/i18n/i18n';
import { pendingMessages } from '../../shared/i18n/locales/en/common';
import { useDocumentTitle } from '../../shared/use-document-title';

interface PendingPageProps {
  title: string;
  backTo: string;
  backLabel: string;
}

/** A declared route whose screen arrives with a later issue: its title, a back link and a plain note. */
export function PendingPage({ title, backTo, backLabel }: PendingPageProps) {
  useDocumentTitle(title);
  const t = useMessages(pendingMessages);
  return (
    <div className="page">
      <main id="main" className="container page__main">
        <Link to={backTo} className="back-link">
          ← {backLabel}
        </Link>
        <h1 className="page__title">{title}</h1>
        <p className="muted">{t.notAvailable}</p>
      </main>
    </div>
  );
}
