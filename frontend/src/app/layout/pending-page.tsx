import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/use-document-title';

interface PendingPageProps {
  title: string;
  backTo: string;
  backLabel: string;
}

/** A declared route whose screen arrives with a later issue: its title, a back link and a plain note. */
export function PendingPage({ title, backTo, backLabel }: PendingPageProps) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <main id="main" className="container page__main">
        <Link to={backTo} className="back-link">
          ← {backLabel}
        </Link>
        <h1 className="page__title">{title}</h1>
        <p className="muted">This page is not available yet.</p>
      </main>
    </div>
  );
}
