import { usePageDescription } from '../../shared/page-description';
import { useDocumentTitle } from '../../shared/use-document-title';

/** Sets the page title and the meta description; the default description comes back on leaving. */
export function usePageMeta(title: string, description: string): void {
  useDocumentTitle(title);
  usePageDescription(description);
}
